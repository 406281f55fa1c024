import { addDaysIso, daysBetween, formatDateBR } from '@laudos/domain';
import type { ItemSimulado } from '@laudos/domain/api';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { authUser, empresas, laudos, monthlyReports, notificationLogs, usuarios } from '../../db/schema.ts';
import type { EmailService } from '../../email/delivery.ts';
import { condicaoStatus, contarPorStatus, escopoDoUsuario } from '../laudos/service.ts';
import { empresasSemRecurso } from '../planos/recursos.ts';
import type { RegraRow } from './regras.ts';

/** How many laudos each list of the report shows (the totals always count all of them). */
const MAX_NA_LISTA = 50;

const meses = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** 'novembro de 2026' for '2026-11-01'. */
export function nomeDoMes(primeiroDia: string): string {
  const [ano, mes] = primeiroDia.split('-').map(Number) as [number, number];
  return `${meses[mes - 1]} de ${ano}`;
}

/** The latest 1st of a month in (de, ate], if any: the month a run in that window reports. */
export function mesDoRelatorio(de: string, ate: string): string | null {
  const primeiro = `${ate.slice(0, 7)}-01`;
  return primeiro > de && primeiro <= ate ? primeiro : null;
}

type Cliente = {
  id: string;
  nome: string;
  email: string;
  tipo: 'admin' | 'cliente';
  empresa: string | null;
  empresaId: string | null;
  emailVerificado: boolean;
};

/**
 * The active clients, and those of them whose company's plan leaves out `notificacoes` (issue 18):
 * they get no monthly report.
 */
async function clientes(db: DbOrTx): Promise<{ todos: Cliente[]; semPlano: Set<string> }> {
  const todos = await db
    .select({
      id: usuarios.id,
      nome: usuarios.nome,
      email: usuarios.email,
      tipo: usuarios.tipo,
      empresa: empresas.nomeFantasia,
      empresaId: usuarios.empresaId,
      emailVerificado: authUser.emailVerified,
    })
    .from(usuarios)
    .innerJoin(authUser, eq(authUser.id, usuarios.id))
    .leftJoin(empresas, eq(empresas.id, usuarios.empresaId))
    .where(and(eq(usuarios.tipo, 'cliente'), eq(usuarios.ativo, true)))
    .orderBy(asc(usuarios.id));
  const semPlano = await empresasSemRecurso(
    db,
    todos.map((c) => c.empresaId),
    'notificacoes',
  );
  return { todos, semPlano };
}

/** One client's laudos by status on `hoje`, with the expiring and expired ones listed. */
async function resumo(db: DbOrTx, cliente: Cliente, hoje: string) {
  const escopo = escopoDoUsuario(cliente);
  const t = await contarPorStatus(db, escopo, hoje);
  if (t.total === 0) return null;
  const lista = async (status: 'vencendo' | 'vencido') =>
    (
      await db
        .select({
          nome: laudos.nome,
          codigo: laudos.codigo,
          tipo: laudos.tipo,
          dataVencimento: laudos.dataVencimento,
        })
        .from(laudos)
        .where(and(escopo, condicaoStatus(status, hoje)))
        .orderBy(asc(laudos.dataVencimento), asc(laudos.codigo))
        .limit(MAX_NA_LISTA)
    ).map((l) => ({
      nome: l.nome,
      codigo: l.codigo,
      tipo: l.tipo,
      vencimento: formatDateBR(l.dataVencimento),
      dias: Math.abs(daysBetween(hoje, l.dataVencimento!)),
    }));
  return {
    total_laudos: t.total,
    total_ativos: t.ativos,
    total_vencendo: t.vencendo,
    total_vencidos: t.vencidos,
    laudos_vencendo: await lista('vencendo'),
    laudos_vencidos: await lista('vencido'),
  };
}

function variaveis(cliente: Cliente, mes: string, r: NonNullable<Awaited<ReturnType<typeof resumo>>>) {
  return {
    usuario_nome: cliente.nome,
    cliente_empresa: cliente.empresa ?? '',
    mes_referencia: nomeDoMes(mes),
    ...r,
  };
}

/**
 * The monthly report of the run whose window holds a 1st of the month: one e-mail per active
 * client with laudos, at most once per client and month (the monthly_reports key, taken in the
 * same transaction as the enqueue).
 */
export async function enviarRelatoriosMensais(
  db: Db,
  email: Pick<EmailService, 'enqueue'>,
  regra: RegraRow,
  de: string,
  ate: string,
  hoje: string,
): Promise<{ enfileirados: number; jaEnviados: number; semPlano: number; erros: number }> {
  const mes = mesDoRelatorio(de, ate);
  const totais = { enfileirados: 0, jaEnviados: 0, semPlano: 0, erros: 0 };
  if (!mes) return totais;
  const { todos, semPlano } = await clientes(db);
  for (const cliente of todos) {
    try {
      if (cliente.empresaId && semPlano.has(cliente.empresaId)) {
        if (await resumo(db, cliente, hoje)) totais.semPlano++;
        continue;
      }
      await db.transaction(async (tx) => {
        const r = await resumo(tx, cliente, hoje);
        if (!r) return;
        const [novo] = await tx
          .insert(monthlyReports)
          .values({ usuarioId: cliente.id, month: mes })
          .onConflictDoNothing()
          .returning({ usuarioId: monthlyReports.usuarioId });
        if (!novo) {
          totais.jaEnviados++;
          return;
        }
        const result = await email.enqueue(tx, {
          type: 'relatorio_mensal',
          to: cliente.email,
          toName: cliente.nome,
          userId: cliente.id,
          variables: variaveis(cliente, mes, r),
          metadata: { regra: regra.name, mes },
        });
        await tx
          .update(monthlyReports)
          .set({ emailLogId: result.logId ?? null })
          .where(and(eq(monthlyReports.usuarioId, cliente.id), eq(monthlyReports.month, mes)));
        await tx.insert(notificationLogs).values({
          ruleId: regra.id,
          ruleName: regra.name,
          recipientEmail: cliente.email,
          recipientName: cliente.nome,
          status: result.success ? 'pending' : 'failed',
          errorMessage: result.success ? null : (result.error ?? null),
          notificationType: 'relatorio_mensal',
          scheduledDate: ate,
          emailLogId: result.logId ?? null,
        });
        totais.enfileirados++;
      });
    } catch {
      totais.erros++;
    }
  }
  return totais;
}

/** The dry run's view of the monthly report for `data`. */
export async function planejarRelatoriosMensais(
  db: Db,
  email: Pick<EmailService, 'render'>,
  regra: RegraRow,
  data: string,
): Promise<{ itens: ItemSimulado[]; semPlano: number }> {
  const mes = mesDoRelatorio(addDaysIso(data, -1), data);
  if (!mes) return { itens: [], semPlano: 0 };
  const itens: ItemSimulado[] = [];
  let semNotificacoes = 0;
  const { todos, semPlano } = await clientes(db);
  for (const cliente of todos) {
    const r = await resumo(db, cliente, data);
    if (!r) continue;
    if (cliente.empresaId && semPlano.has(cliente.empresaId)) {
      semNotificacoes++;
      continue;
    }
    const [ja] = await db
      .select({ id: monthlyReports.usuarioId })
      .from(monthlyReports)
      .where(and(eq(monthlyReports.usuarioId, cliente.id), eq(monthlyReports.month, mes)));
    let assunto: string;
    try {
      assunto = (await email.render(db, { type: 'relatorio_mensal', variables: variaveis(cliente, mes, r) }))
        .subject;
    } catch (err) {
      assunto = `(não enviado: ${(err as Error).message})`;
    }
    itens.push({
      laudoId: null,
      laudoNome: null,
      laudoCodigo: null,
      cliente: cliente.empresa,
      destinatario: cliente.email,
      destinatarioNome: cliente.nome,
      tipo: 'relatorio_mensal',
      dias: 0,
      templateType: 'relatorio_mensal',
      assunto,
      regra: regra.name,
      jaEnviado: Boolean(ja),
    });
  }
  return { itens, semPlano: semNotificacoes };
}
