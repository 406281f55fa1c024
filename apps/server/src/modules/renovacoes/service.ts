import { daysBetween, formatDateBR } from '@laudos/domain';
import {
  type EstagioRenovacao,
  type FiltrosDeRenovacoes,
  type Funil,
  type MoverEstagio,
  problemasDoEstagio,
  ROTULO_DO_ESTAGIO,
} from '@laudos/domain/api';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { atorDoUsuario, registrarAuditoria } from '../../auditoria/registrar.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import {
  empresas,
  laudos,
  notificationHistory,
  respostasEstagios,
  respostasLembrete,
  usuarios,
} from '../../db/schema.ts';
import type { EmailService } from '../../email/delivery.ts';
import { dadosInvalidos, erro } from '../../http/errors.ts';
import type { SettingsStore } from '../../settings/store.ts';
import { avisoDeEstagio } from '../avisos/mensagens.ts';
import { avisar } from '../avisos/service.ts';
import { escopoDoUsuario } from '../laudos/service.ts';
import { linksDeDescadastro } from '../preferencias/link.ts';
import { quemQuerReceber } from '../preferencias/service.ts';

/*
 * The firm's renewal pipeline (issue 19, decision 029): the renewal requests that reminders' links
 * created (`respostas_lembrete` of tipo 'solicitacao', modules/respostas) moved through their six
 * stages, each move and note a row of `respostas_estagios`. Admins see every request; a client sees
 * the requests of the laudos in their scope (`escopoDoUsuario`) of their company, without the
 * firm's internal notes.
 */

const colunasDoCartao = {
  id: respostasLembrete.id,
  estagio: sql<EstagioRenovacao>`${respostasLembrete.estagio}`,
  empresaId: empresas.id,
  empresaNome: empresas.nomeFantasia,
  laudoId: laudos.id,
  laudoNome: laudos.nome,
  laudoCodigo: laudos.codigo,
  laudoTipo: laudos.tipo,
  dataVencimento: respostasLembrete.dataVencimento,
  destinatario: respostasLembrete.destinatario,
  nome: usuarios.nome,
  periodo: respostasLembrete.periodo,
  contato: respostasLembrete.contato,
  observacao: respostasLembrete.observacao,
  agendadoPara: respostasLembrete.agendadoPara,
  engenheiro: respostasLembrete.engenheiro,
  orcamento: respostasLembrete.orcamento,
  motivoPerda: respostasLembrete.motivoPerda,
  criadoEm: respostasLembrete.createdAt,
  atualizadoEm: respostasLembrete.updatedAt,
};

function consulta(db: DbOrTx) {
  return db
    .select(colunasDoCartao)
    .from(respostasLembrete)
    .innerJoin(laudos, eq(laudos.id, respostasLembrete.laudoId))
    .leftJoin(empresas, eq(empresas.id, respostasLembrete.empresaId))
    .leftJoin(usuarios, eq(usuarios.id, respostasLembrete.usuarioId));
}

type Linha = Awaited<ReturnType<ReturnType<typeof consulta>['execute']>>[number];

function cartao(r: Linha, hoje: string) {
  const { empresaId, empresaNome, laudoId, laudoNome, laudoCodigo, laudoTipo, destinatario, nome, ...resto } =
    r;
  return {
    ...resto,
    empresa: empresaId ? { id: empresaId, nome: empresaNome ?? '' } : null,
    laudo: { id: laudoId, nome: laudoNome, codigo: laudoCodigo, tipo: laudoTipo },
    diasRestantes: daysBetween(hoje, r.dataVencimento),
    solicitante: nome ?? destinatario,
  };
}

const ehPedido = eq(respostasLembrete.tipo, 'solicitacao');

/** GET /api/admin/renovacoes: the board, filtered; the most urgent due date first. */
export async function listarRenovacoes(db: DbOrTx, filtros: FiltrosDeRenovacoes, hoje: string) {
  const conds: (SQL | undefined)[] = [ehPedido];
  if (filtros.estagio) conds.push(eq(respostasLembrete.estagio, filtros.estagio));
  if (filtros.empresaId) conds.push(eq(respostasLembrete.empresaId, filtros.empresaId));
  if (filtros.tipo) conds.push(eq(laudos.tipo, filtros.tipo));
  if (filtros.venceDe) conds.push(gte(respostasLembrete.dataVencimento, filtros.venceDe));
  if (filtros.venceAte) conds.push(lte(respostasLembrete.dataVencimento, filtros.venceAte));
  if (filtros.busca) {
    const like = containsPattern(filtros.busca);
    conds.push(
      or(
        ilike(laudos.nome, like),
        ilike(laudos.codigo, like),
        ilike(laudos.cliente, like),
        ilike(empresas.nomeFantasia, like),
      ),
    );
  }
  const rows = await consulta(db)
    .where(and(...conds))
    .orderBy(asc(respostasLembrete.dataVencimento), asc(respostasLembrete.id))
    .limit(1000);
  return { renovacoes: rows.map((r) => cartao(r, hoje)) };
}

/** The history of these requests, oldest first; the firm's internal notes only when asked. */
async function historicos(db: DbOrTx, ids: string[], comInternas: boolean) {
  if (ids.length === 0) return new Map<string, never[]>();
  const rows = await db
    .select({
      id: respostasEstagios.id,
      respostaId: respostasEstagios.respostaId,
      de: sql<EstagioRenovacao | null>`${respostasEstagios.de}`,
      para: sql<EstagioRenovacao | null>`${respostasEstagios.para}`,
      nota: respostasEstagios.nota,
      interna: respostasEstagios.interna,
      por: usuarios.nome,
      em: respostasEstagios.criadoEm,
    })
    .from(respostasEstagios)
    .leftJoin(usuarios, eq(usuarios.id, respostasEstagios.usuarioId))
    .where(
      and(
        inArray(respostasEstagios.respostaId, ids),
        comInternas ? undefined : eq(respostasEstagios.interna, false),
      ),
    )
    .orderBy(asc(respostasEstagios.criadoEm), asc(respostasEstagios.id));
  const porPedido = new Map<string, Omit<(typeof rows)[number], 'respostaId'>[]>();
  for (const { respostaId, ...evento } of rows) {
    const lista = porPedido.get(respostaId) ?? [];
    lista.push(evento);
    porPedido.set(respostaId, lista);
  }
  return porPedido;
}

/**
 * GET /api/admin/renovacoes/:id: the card, its history (the conversation: every move and note,
 * internal ones included) and the reminders the laudo got for that due date.
 */
export async function lerRenovacao(db: DbOrTx, id: string, hoje: string) {
  const [row] = await consulta(db)
    .where(and(eq(respostasLembrete.id, id), ehPedido))
    .limit(1);
  if (!row) throw erro('renovacaoNaoEncontrada');
  const lembretes = await db
    .select({
      tipo: notificationHistory.notificationType,
      dias: notificationHistory.daysValue,
      destinatario: notificationHistory.destinatario,
      enviadoEm: notificationHistory.sentAt,
      sucesso: notificationHistory.success,
    })
    .from(notificationHistory)
    .where(
      and(
        eq(notificationHistory.laudoId, row.laudoId),
        eq(notificationHistory.dataVencimento, row.dataVencimento),
      ),
    )
    .orderBy(asc(notificationHistory.sentAt), asc(notificationHistory.destinatario));
  return {
    renovacao: cartao(row, hoje),
    historico: (await historicos(db, [id], true)).get(id) ?? [],
    lembretes,
  };
}

/**
 * Moves a renewal request to a stage (any to any; the same stage again updates its data), writing
 * the history row in the caller's transaction. Agendado needs the inspection's date and engineer,
 * Perdido the reason (`problemasDoEstagio`, 400 otherwise). `usuarioId` null: a move by the
 * system — the laudo-versions work closes a request as Concluído when the new version is issued.
 */
/** The stages the client is e-mailed about (template renovacao_atualizada): Perdido is the firm's own. */
const ESTAGIOS_AVISADOS_POR_EMAIL: ReadonlySet<EstagioRenovacao> = new Set([
  'orcamento_enviado',
  'agendado',
  'inspecionado',
  'concluido',
]);

/** What moverEstagio needs to e-mail the client who asked for the renewal. */
export interface EmailDoEstagio {
  email: Pick<EmailService, 'enqueue'>;
  publicUrl: string;
  /** AUTH_SECRET: signs the e-mail's unsubscribe link (decision 035). */
  secret: string;
  settings: Pick<SettingsStore, 'get'>;
}

export async function moverEstagio(
  tx: Tx,
  pedido: { respostaId: string; usuarioId: string | null },
  entrada: MoverEstagio,
  porEmail?: EmailDoEstagio,
): Promise<void> {
  const problemas = problemasDoEstagio(entrada);
  if (problemas.length > 0) throw dadosInvalidos(problemas);
  const [atual] = await tx
    .select({
      estagio: respostasLembrete.estagio,
      empresaId: respostasLembrete.empresaId,
      laudoId: respostasLembrete.laudoId,
      destinatario: respostasLembrete.destinatario,
      solicitanteId: respostasLembrete.usuarioId,
      dataVencimento: respostasLembrete.dataVencimento,
    })
    .from(respostasLembrete)
    .where(and(eq(respostasLembrete.id, pedido.respostaId), ehPedido))
    .for('update')
    .limit(1);
  if (!atual) throw erro('renovacaoNaoEncontrada');
  const limpo = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
  await tx
    .update(respostasLembrete)
    .set({
      estagio: entrada.estagio,
      agendadoPara: entrada.agendadoPara,
      engenheiro: limpo(entrada.engenheiro),
      orcamento: limpo(entrada.orcamento),
      motivoPerda: limpo(entrada.motivoPerda),
      updatedAt: sql`now()`,
    })
    .where(eq(respostasLembrete.id, pedido.respostaId));
  const nota = [
    entrada.estagio === 'agendado'
      ? `Inspeção em ${formatDateBR(entrada.agendadoPara)}, ${entrada.engenheiro?.trim()}.`
      : '',
    entrada.estagio === 'perdido' ? `Motivo: ${entrada.motivoPerda?.trim()}.` : '',
    entrada.nota?.trim() ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  await tx.insert(respostasEstagios).values({
    respostaId: pedido.respostaId,
    de: atual.estagio,
    para: entrada.estagio,
    nota: nota || null,
    usuarioId: pedido.usuarioId,
  });
  if (atual.estagio === entrada.estagio) return;
  const [laudo] = await tx
    .select({ nome: laudos.nome, codigo: laudos.codigo })
    .from(laudos)
    .where(eq(laudos.id, atual.laudoId));
  if (!laudo) return;
  // The company's people see the new stage in their bell (not the one who moved it).
  if (atual.empresaId) {
    await avisar(
      tx,
      { empresaId: atual.empresaId, exceto: pedido.usuarioId },
      avisoDeEstagio(laudo, ROTULO_DO_ESTAGIO[entrada.estagio]),
    );
  }
  // And whoever asked for it is e-mailed, at the address the reminder went to, in this transaction.
  // A person who turned "Atualizações de renovação" off is not e-mailed (the bell still tells them).
  const querEmail =
    porEmail && ESTAGIOS_AVISADOS_POR_EMAIL.has(entrada.estagio)
      ? !atual.solicitanteId ||
        (
          await quemQuerReceber(
            tx,
            porEmail.settings.get().notifications.tiposObrigatorios,
            [atual.solicitanteId],
            'renovacao',
            'email',
          )
        ).has(atual.solicitanteId)
      : false;
  if (porEmail && querEmail) {
    const [conta] = atual.solicitanteId
      ? await tx
          .select({ nome: usuarios.nome })
          .from(usuarios)
          .where(eq(usuarios.id, atual.solicitanteId))
          .limit(1)
      : [];
    await porEmail.email.enqueue(tx, {
      type: 'renovacao_atualizada',
      to: atual.destinatario,
      toName: conta?.nome ?? null,
      userId: atual.solicitanteId,
      laudoId: atual.laudoId,
      empresaId: atual.empresaId,
      variables: {
        cliente_nome: conta?.nome ?? 'cliente',
        laudo_nome: laudo.nome,
        laudo_codigo: laudo.codigo,
        laudo_vencimento: formatDateBR(atual.dataVencimento),
        estagio: ROTULO_DO_ESTAGIO[entrada.estagio],
        agendado_para: entrada.estagio === 'agendado' ? formatDateBR(entrada.agendadoPara) : '',
        engenheiro: entrada.estagio === 'agendado' ? (entrada.engenheiro?.trim() ?? '') : '',
        orcamento: entrada.estagio === 'orcamento_enviado' ? (entrada.orcamento?.trim() ?? '') : '',
        nota: entrada.nota?.trim() ?? '',
        renovacoes_url: `${porEmail.publicUrl}/renovacoes`,
      },
      metadata: { resposta: pedido.respostaId, estagio: entrada.estagio },
      // An address with no account has no preferences, so no unsubscribe link (decision 035).
      descadastro: atual.solicitanteId
        ? linksDeDescadastro(
            {
              publicUrl: porEmail.publicUrl,
              secret: porEmail.secret,
              contato: porEmail.settings.get().contact.email,
            },
            atual.solicitanteId,
            'renovacao',
          )
        : null,
    });
  }
}

/** POST /api/admin/renovacoes/:id/estagio: an admin moves the card; replies with the detail. */
export async function moverRenovacao(
  db: Db,
  user: SessionUser,
  id: string,
  entrada: MoverEstagio,
  hoje: string,
  porEmail: EmailDoEstagio,
) {
  await db.transaction(async (tx) => {
    const [antes] = await tx
      .select({ estagio: respostasLembrete.estagio, empresaId: respostasLembrete.empresaId })
      .from(respostasLembrete)
      .where(eq(respostasLembrete.id, id))
      .limit(1);
    await moverEstagio(tx, { respostaId: id, usuarioId: user.id }, entrada, porEmail);
    await registrarAuditoria(tx, atorDoUsuario(user), {
      entidade: 'renovacao',
      entidadeId: id,
      acao: 'alterou',
      empresaId: antes?.empresaId ?? null,
      antes: { estagio: antes?.estagio ?? null },
      depois: { estagio: entrada.estagio },
    });
  });
  return lerRenovacao(db, id, hoje);
}

/** POST /api/admin/renovacoes/:id/notas: a note in the history (`interna`: the firm's only). */
export async function anotarRenovacao(
  db: Db,
  user: SessionUser,
  id: string,
  entrada: { nota: string; interna?: boolean | undefined },
  hoje: string,
) {
  await db.transaction(async (tx) => {
    const [pedido] = await tx
      .update(respostasLembrete)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(respostasLembrete.id, id), ehPedido))
      .returning({ id: respostasLembrete.id, empresaId: respostasLembrete.empresaId });
    if (!pedido) throw erro('renovacaoNaoEncontrada');
    const interna = entrada.interna ?? false;
    await tx
      .insert(respostasEstagios)
      .values({ respostaId: id, nota: entrada.nota, interna, usuarioId: user.id });
    await registrarAuditoria(tx, atorDoUsuario(user), {
      entidade: 'renovacao',
      entidadeId: id,
      acao: 'anotou',
      empresaId: pedido.empresaId,
      detalhes: { nota: entrada.nota, interna },
    });
  });
  return lerRenovacao(db, id, hoje);
}

/**
 * GET /api/renovacoes: the client's renewal requests — of the laudos in their scope and, when they
 * belong to a company, of that company (a laudo moved to another company takes its new requests
 * along, not the old company's history) — with their history, internal notes left out.
 */
export async function listarRenovacoesDoCliente(db: DbOrTx, user: SessionUser, hoje: string) {
  const daEmpresa = user.empresaId
    ? eq(respostasLembrete.empresaId, user.empresaId)
    : isNull(respostasLembrete.empresaId);
  const rows = await consulta(db)
    .where(and(ehPedido, escopoDoUsuario(user), daEmpresa))
    .orderBy(desc(respostasLembrete.createdAt), asc(respostasLembrete.id))
    .limit(500);
  const porPedido = await historicos(
    db,
    rows.map((r) => r.id),
    false,
  );
  return {
    renovacoes: rows.map((r) => ({ ...cartao(r, hoje), historico: porPedido.get(r.id) ?? [] })),
  };
}

/** The 12 months ending with today's ('YYYY-MM'), oldest first. */
function ultimosDozeMeses(hoje: string): string[] {
  const [ano, mes] = hoje.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(ano, mes - 1 - (11 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/**
 * GET /api/admin/renovacoes/funil: per month (the last 12, in the firm's time zone) and laudo type,
 * the reminders sent (before and after expiry, one per laudo, due date and milestone however many
 * recipients), the renewal requests received, and the requests concluded (by the month of their
 * last move to Concluído). One aggregate query per metric.
 */
export async function lerFunil(db: DbOrTx, timeZone: string, hoje: string): Promise<Funil> {
  const meses = ultimosDozeMeses(hoje);
  const desde = sql`(${`${meses[0]}-01 00:00:00`}::timestamp at time zone ${timeZone})`;
  const mesDe = (instante: SQL | AnyPgColumn) =>
    sql<string>`to_char(${instante} at time zone ${timeZone}, 'YYYY-MM')`;

  const lembretes = await db
    .select({
      mes: mesDe(notificationHistory.sentAt),
      tipo: laudos.tipo,
      n: sql<number>`count(distinct (${notificationHistory.laudoId}, ${notificationHistory.dataVencimento}, ${notificationHistory.notificationType}, ${notificationHistory.daysValue}))::int`,
    })
    .from(notificationHistory)
    .innerJoin(laudos, eq(laudos.id, notificationHistory.laudoId))
    .where(
      and(
        eq(notificationHistory.success, true),
        inArray(notificationHistory.notificationType, ['vencendo', 'vencido']),
        sql`${notificationHistory.sentAt} >= ${desde}`,
      ),
    )
    .groupBy(sql`1`, laudos.tipo);

  const pedidos = await db
    .select({
      mes: mesDe(respostasLembrete.createdAt),
      tipo: laudos.tipo,
      n: sql<number>`count(*)::int`,
    })
    .from(respostasLembrete)
    .innerJoin(laudos, eq(laudos.id, respostasLembrete.laudoId))
    .where(and(ehPedido, sql`${respostasLembrete.createdAt} >= ${desde}`))
    .groupBy(sql`1`, laudos.tipo);

  const concluidoEm = sql`(select max(${respostasEstagios.criadoEm}) from ${respostasEstagios} where ${respostasEstagios.respostaId} = ${respostasLembrete.id} and ${respostasEstagios.para} = 'concluido')`;
  const concluidos = await db
    .select({ mes: mesDe(concluidoEm), tipo: laudos.tipo, n: sql<number>`count(*)::int` })
    .from(respostasLembrete)
    .innerJoin(laudos, eq(laudos.id, respostasLembrete.laudoId))
    .where(and(ehPedido, eq(respostasLembrete.estagio, 'concluido'), sql`${concluidoEm} >= ${desde}`))
    .groupBy(sql`1`, laudos.tipo);

  const linhas = new Map<string, Funil['linhas'][number]>();
  const linha = (mes: string, tipo: string) => {
    const chave = `${mes}|${tipo}`;
    let l = linhas.get(chave);
    if (!l) {
      l = { mes, tipo, lembretes: 0, pedidos: 0, concluidos: 0 };
      linhas.set(chave, l);
    }
    return l;
  };
  const dentro = new Set(meses);
  for (const r of lembretes) if (dentro.has(r.mes)) linha(r.mes, r.tipo).lembretes = r.n;
  for (const r of pedidos) if (dentro.has(r.mes)) linha(r.mes, r.tipo).pedidos = r.n;
  for (const r of concluidos) if (dentro.has(r.mes)) linha(r.mes, r.tipo).concluidos = r.n;
  const ordenadas = [...linhas.values()].sort(
    (a, b) => a.mes.localeCompare(b.mes) || a.tipo.localeCompare(b.tipo),
  );
  return { meses, tipos: [...new Set(ordenadas.map((l) => l.tipo))].sort(), linhas: ordenadas };
}
