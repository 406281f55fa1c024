import { addDaysIso, daysBetween, formatDateBR, type TipoDeMensagem } from '@laudos/domain';
import type { ItemSimulado } from '@laudos/domain/api';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { planoEmVigor } from '../../db/plano-em-vigor.ts';
import { authUser, empresas, laudos, monthlyReports, notificationLogs, usuarios } from '../../db/schema.ts';
import type { EmailService, PedidoDeAnexo } from '../../email/delivery.ts';
import type { DescadastroDoEmail } from '../../email/layout.ts';
import type { AnexoDoEmail } from '../../email/transports.ts';
import { condicaoStatus, contarPorStatus, escopoDoUsuario } from '../laudos/service.ts';
import { empresasSemRecurso, temRecurso } from '../planos/recursos.ts';
import { quemQuerReceber } from '../preferencias/service.ts';
import { type ContextoDoRelatorio, emBuffer, gerarRelatorio } from '../relatorios/situacao.ts';
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
  /** The plan in force: the company's when the person has one, else their own (as the session's). */
  planoId: string | null;
};

/**
 * The active clients (`so`: only those), and those of them whose company's plan leaves out
 * `notificacoes` (issue 18): they get no monthly report.
 */
async function clientes(db: DbOrTx, so?: SQL): Promise<{ todos: Cliente[]; semPlano: Set<string> }> {
  const todos = await db
    .select({
      id: usuarios.id,
      nome: usuarios.nome,
      email: usuarios.email,
      tipo: usuarios.tipo,
      empresa: empresas.nomeFantasia,
      empresaId: usuarios.empresaId,
      emailVerificado: authUser.emailVerified,
      planoId: planoEmVigor,
    })
    .from(usuarios)
    .innerJoin(authUser, eq(authUser.id, usuarios.id))
    .leftJoin(empresas, eq(empresas.id, usuarios.empresaId))
    .where(and(eq(usuarios.tipo, 'cliente'), eq(usuarios.ativo, true), so))
    .orderBy(asc(usuarios.id));
  const semPlano = await empresasSemRecurso(
    db,
    todos.map((c) => c.empresaId),
    'notificacoes',
  );
  return { todos, semPlano };
}

/** Whether a report would go to this client (one count; a cut client's report is only counted). */
async function temLaudos(db: DbOrTx, cliente: Cliente, hoje: string): Promise<boolean> {
  return (await contarPorStatus(db, escopoDoUsuario(cliente), hoje)).total > 0;
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

function variaveis(
  cliente: Cliente,
  mes: string,
  r: NonNullable<Awaited<ReturnType<typeof resumo>>>,
  comPdf: boolean,
) {
  return {
    usuario_nome: cliente.nome,
    cliente_empresa: cliente.empresa ?? '',
    mes_referencia: nomeDoMes(mes),
    ...r,
    relatorio_pdf: comPdf,
  };
}

/**
 * The monthly summary by WhatsApp (modules/whatsapp, decision 037): queues it for those of
 * `usuarioIds` who receive WhatsApp, at most once per person and month; `parametros` gives a
 * person's template parameters (null: no laudos). Returns how many were queued now.
 */
export type ResumoPorWhatsapp = (
  mes: string,
  usuarioIds: readonly string[],
  parametros: (usuarioId: string) => Promise<string[] | null>,
) => Promise<number>;

/**
 * The WhatsApp summary's body parameters, in order (documented on the settings screen): the
 * person's name, the month, the laudos in total, expiring and expired.
 */
export function parametrosDoResumo(
  cliente: Pick<Cliente, 'nome'>,
  mes: string,
  r: NonNullable<Awaited<ReturnType<typeof resumo>>>,
): string[] {
  return [
    cliente.nome,
    nomeDoMes(mes),
    String(r.total_laudos),
    String(r.total_vencendo),
    String(r.total_vencidos),
  ];
}

/** The attachment of the monthly report, made when the e-mail is delivered (`anexoDoRelatorioMensal`). */
const ANEXO_RELATORIO = 'relatorio-situacao';

/**
 * An e-mail's attachment at most this big: SES takes 10 MB of raw message, and base64 makes a file
 * about 4/3 bigger. A larger report is left out (the e-mail still goes, with the dashboard's link).
 */
export const MAX_ANEXO_BYTES = 7 * 1024 * 1024;

/**
 * The "Relatório de situação" PDF of a monthly report's recipient (their scope, no filters), made
 * at delivery (EmailService's `GeradorDeAnexos`, wired in server.ts). A client gone meanwhile gets
 * no file.
 */
export async function anexoDoRelatorioMensal(
  ctx: ContextoDoRelatorio,
  pedido: PedidoDeAnexo,
): Promise<AnexoDoEmail | null> {
  if (pedido.tipo !== ANEXO_RELATORIO) throw new Error(`anexo desconhecido: ${pedido.tipo}`);
  const { usuarioId, mes } = pedido.dados;
  const [cliente] = (await clientes(ctx.db, eq(usuarios.id, usuarioId ?? ''))).todos;
  if (!cliente || !mes) return null;
  const relatorio = await gerarRelatorio(
    ctx,
    cliente,
    { id: cliente.empresaId, nome: cliente.empresa ?? cliente.nome },
    {},
    () => `relatorio-situacao-${mes.slice(0, 7)}.pdf`,
  );
  const content = await emBuffer(relatorio.corpo, MAX_ANEXO_BYTES);
  return content ? { filename: relatorio.nomeDoArquivo, contentType: 'application/pdf', content } : null;
}

/**
 * The monthly report of the run whose window holds a 1st of the month: one e-mail per active
 * client with laudos, at most once per client and month (the monthly_reports key, taken in the
 * same transaction as the enqueue). A client whose plan has `customReports` gets the "Relatório de
 * situação" PDF attached (made when the e-mail is delivered). The same clients' summary by
 * WhatsApp (`whatsapp`) is asked apart: a person who turned the e-mail off may still want it there,
 * and with the firm's e-mail off (`email` null) only the WhatsApp summary goes.
 */
export async function enviarRelatoriosMensais(
  db: Db,
  email: Pick<EmailService, 'enqueue'> | null,
  regra: RegraRow,
  de: string,
  ate: string,
  hoje: string,
  preferencias: {
    obrigatorios: readonly TipoDeMensagem[];
    /** The report's unsubscribe links for a person (decision 035). */
    descadastro?: (usuarioId: string) => DescadastroDoEmail;
  } = { obrigatorios: [] },
  whatsapp?: ResumoPorWhatsapp,
): Promise<{
  enfileirados: number;
  jaEnviados: number;
  semPlano: number;
  descadastrados: number;
  erros: number;
}> {
  const mes = mesDoRelatorio(de, ate);
  const totais = { enfileirados: 0, jaEnviados: 0, semPlano: 0, descadastrados: 0, erros: 0 };
  if (!mes) return totais;
  const { todos, semPlano } = await clientes(db);
  const porEmail = email ? todos : [];
  const querem = await quemQuerReceber(
    db,
    preferencias.obrigatorios,
    porEmail.map((c) => c.id),
    'resumo_mensal',
    'email',
  );
  for (const cliente of porEmail) {
    if (!email) break;
    try {
      if (cliente.empresaId && semPlano.has(cliente.empresaId)) {
        if (await temLaudos(db, cliente, hoje)) totais.semPlano++;
        continue;
      }
      if (!querem.has(cliente.id)) {
        if (await temLaudos(db, cliente, hoje)) totais.descadastrados++;
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
        const comPdf = await temRecurso(tx, cliente, 'customReports');
        const result = await email.enqueue(tx, {
          type: 'relatorio_mensal',
          to: cliente.email,
          toName: cliente.nome,
          userId: cliente.id,
          variables: variaveis(cliente, mes, r, comPdf),
          metadata: { regra: regra.name, mes },
          empresaId: cliente.empresaId,
          descadastro: preferencias.descadastro?.(cliente.id) ?? null,
          ...(comPdf ? { anexos: [{ tipo: ANEXO_RELATORIO, dados: { usuarioId: cliente.id, mes } }] } : {}),
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
  if (whatsapp) {
    const comPlano = todos.filter((c) => !(c.empresaId && semPlano.has(c.empresaId)));
    const porId = new Map(comPlano.map((c) => [c.id, c]));
    try {
      await whatsapp(
        mes,
        comPlano.map((c) => c.id),
        async (id) => {
          const cliente = porId.get(id);
          const r = cliente ? await resumo(db, cliente, hoje) : null;
          return cliente && r ? parametrosDoResumo(cliente, mes, r) : null;
        },
      );
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
  obrigatorios: readonly TipoDeMensagem[],
): Promise<{ itens: ItemSimulado[]; semPlano: number; descadastrados: number }> {
  const mes = mesDoRelatorio(addDaysIso(data, -1), data);
  if (!mes) return { itens: [], semPlano: 0, descadastrados: 0 };
  const itens: ItemSimulado[] = [];
  let semNotificacoes = 0;
  let descadastrados = 0;
  const { todos, semPlano } = await clientes(db);
  const querem = await quemQuerReceber(
    db,
    obrigatorios,
    todos.map((c) => c.id),
    'resumo_mensal',
    'email',
  );
  for (const cliente of todos) {
    if (cliente.empresaId && semPlano.has(cliente.empresaId)) {
      if (await temLaudos(db, cliente, data)) semNotificacoes++;
      continue;
    }
    if (!querem.has(cliente.id)) {
      if (await temLaudos(db, cliente, data)) descadastrados++;
      continue;
    }
    const r = await resumo(db, cliente, data);
    if (!r) continue;
    const [ja] = await db
      .select({ id: monthlyReports.usuarioId })
      .from(monthlyReports)
      .where(and(eq(monthlyReports.usuarioId, cliente.id), eq(monthlyReports.month, mes)));
    let assunto: string;
    try {
      const comPdf = await temRecurso(db, cliente, 'customReports');
      assunto = (
        await email.render(db, { type: 'relatorio_mensal', variables: variaveis(cliente, mes, r, comPdf) })
      ).subject;
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
      resumo: false,
    });
  }
  return { itens, semPlano: semNotificacoes, descadastrados };
}
