import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppSettings } from '@laudos/domain';
import type { TipoResposta } from '@laudos/domain/api';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import type { SessionUser } from '../../auth/session.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import {
  empresas,
  laudos,
  planos,
  usuarios,
  whatsappConsentimentos,
  whatsappMensagens,
} from '../../db/schema.ts';
import { erro } from '../../http/errors.ts';
import type { Jobs } from '../../jobs/boss.ts';
import { WHATSAPP_QUEUE, type WhatsappJobData } from '../../jobs/enviar-whatsapp.ts';
import type { JobAttempt } from '../../jobs/job.ts';
import type { SettingsStore } from '../../settings/store.ts';
import { enviarModelo, WhatsappErro } from '../../whatsapp/cliente.ts';
import { numeroE164 } from '../../whatsapp/telefone.ts';
import type { Envio } from '../notificacoes/planejamento.ts';
import { temRecurso } from '../planos/recursos.ts';
import { quemQuerReceber } from '../preferencias/service.ts';
import { consentimentosAtivos } from './consentimento.ts';

/**
 * WhatsApp alerts (decision 037): the person's consent, the messages — the reminders' (one row per
 * laudo, due date, milestone and person), the confirmation of an answer to a reminder (one per
 * answer) and the monthly summary (one per person and month), each row inserted with its queue job
 * in one transaction: exactly once like the e-mails —, their delivery through the Cloud API, and
 * the statuses of the webhook.
 */

export function textoDoConsentimento(firma: string): string {
  return `Autorizo ${firma} a me enviar pelo WhatsApp, neste número, avisos sobre o vencimento dos laudos e as renovações da minha empresa. Posso desativar quando quiser nesta página.`;
}

type MensagemRow = typeof whatsappMensagens.$inferSelect;
type Status = MensagemRow['status'];
/** How far a status is: a webhook never moves a message back (they may arrive out of order). */
const ORDEM: Record<Status, number> = { pending: 0, retrying: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

export interface DependenciasDoWhatsapp {
  /** `email.sendTimeoutSeconds`: the queue's expiry, which bounds a call to the API (entregarWhatsapp). */
  config: Pick<Config, 'whatsapp' | 'email'>;
  db: Db;
  jobs: Pick<Jobs, 'boss'>;
  settings: SettingsStore;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  fetcher?: typeof fetch;
}

/** Why the channel cannot be used right now for everyone, or null when it can. */
export function motivoDoCanalDesligado(
  config: Pick<Config, 'whatsapp'>,
  settings: AppSettings,
): string | null {
  if (!config.whatsapp) return 'O envio por WhatsApp ainda não foi configurado neste servidor.';
  if (!settings.notifications.whatsapp) return 'O envio por WhatsApp está desativado nas configurações.';
  return null;
}

export interface EstadoDoWhatsapp {
  disponivel: boolean;
  motivo: string | null;
  ativo: boolean;
  numero: string | null;
  consentidoEm: string | null;
  texto: string;
}

export async function estadoDoWhatsapp(
  deps: DependenciasDoWhatsapp,
  user: SessionUser,
): Promise<EstadoDoWhatsapp> {
  const settings = deps.settings.get();
  let motivo = motivoDoCanalDesligado(deps.config, settings);
  if (!motivo && !(await temRecurso(deps.db, user, 'whatsappAlerts')))
    motivo = 'O plano da sua empresa não inclui alertas por WhatsApp.';
  const [ultimo] = await deps.db
    .select()
    .from(whatsappConsentimentos)
    .where(eq(whatsappConsentimentos.usuarioId, user.id))
    .orderBy(desc(whatsappConsentimentos.criadoEm), desc(whatsappConsentimentos.id))
    .limit(1);
  const ativo = ultimo?.acao === 'concedido';
  return {
    disponivel: motivo === null,
    motivo,
    ativo,
    numero: ativo ? (ultimo?.numero ?? null) : null,
    consentidoEm: ativo && ultimo ? ultimo.criadoEm.toISOString() : null,
    texto: textoDoConsentimento(settings.branding.companyName),
  };
}

/** The person opts in (or changes the number): a grant row with the text they were shown. */
export async function consentir(
  deps: DependenciasDoWhatsapp,
  user: SessionUser,
  pedido: { numero: string; consentimento: boolean },
): Promise<EstadoDoWhatsapp> {
  const antes = await estadoDoWhatsapp(deps, user);
  if (!antes.disponivel) throw erro('whatsappIndisponivel', antes.motivo ?? '');
  const numero = numeroE164(pedido.numero);
  if (!numero) throw erro('whatsappNumeroInvalido');
  if (!pedido.consentimento) throw erro('whatsappSemConsentimento');
  await deps.db
    .insert(whatsappConsentimentos)
    .values({ usuarioId: user.id, acao: 'concedido', numero, origem: 'app', texto: antes.texto });
  return estadoDoWhatsapp(deps, user);
}

/** The person turns WhatsApp off: the revocation is recorded too. */
export async function revogar(deps: DependenciasDoWhatsapp, user: SessionUser): Promise<EstadoDoWhatsapp> {
  const antes = await estadoDoWhatsapp(deps, user);
  if (antes.ativo)
    await deps.db
      .insert(whatsappConsentimentos)
      .values({ usuarioId: user.id, acao: 'revogado', numero: null, origem: 'app', texto: null });
  return estadoDoWhatsapp(deps, user);
}

/**
 * THE place where WhatsApp recipients are chosen: of these people (accounts), those active, with an
 * active consent, whose company's plan has `whatsapp_alerts`. Returns each chosen person's number.
 * Each sender then asks the person's preference for its kind on the `whatsapp` channel
 * (`quemQuerReceber`, decision 035).
 */
export async function numerosDoWhatsapp(
  db: DbOrTx,
  usuarioIds: readonly (string | null | undefined)[],
): Promise<Map<string, string>> {
  const ids = [...new Set(usuarioIds.filter((id): id is string => Boolean(id)))];
  const consentidos = await consentimentosAtivos(db, ids);
  if (consentidos.size === 0) return consentidos;
  const comRecurso = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .innerJoin(empresas, eq(empresas.id, usuarios.empresaId))
    .innerJoin(planos, eq(planos.id, empresas.planoId))
    .where(
      and(
        inArray(usuarios.id, [...consentidos.keys()]),
        eq(planos.whatsappAlerts, true),
        eq(usuarios.ativo, true),
      ),
    );
  const escolhidos = new Map<string, string>();
  for (const { id } of comRecurso) escolhidos.set(id, consentidos.get(id)!);
  return escolhidos;
}

/** A run's reminders: the WhatsApp recipients among their people (`numerosDoWhatsapp`). */
export function destinatariosDoWhatsapp(db: DbOrTx, envios: readonly Envio[]): Promise<Map<string, string>> {
  return numerosDoWhatsapp(
    db,
    envios.map((e) => e.destinatario.usuarioId),
  );
}

/**
 * Inserts one message row and, only when this call inserted it, its queue job, in the caller's
 * transaction: a replay, or another run that got there first, meets the row's unique key and
 * queues nothing. True when queued now.
 */
async function enfileirarMensagem(
  deps: Pick<DependenciasDoWhatsapp, 'jobs'>,
  tx: DbOrTx,
  valores: typeof whatsappMensagens.$inferInsert,
): Promise<boolean> {
  const [row] = await tx
    .insert(whatsappMensagens)
    .values(valores)
    .onConflictDoNothing()
    .returning({ id: whatsappMensagens.id });
  if (!row) return false;
  await deps.jobs.boss.send(WHATSAPP_QUEUE, { mensagemId: row.id } satisfies WhatsappJobData, {
    db: fromDrizzle(tx as never, sql as never),
  });
  return true;
}

function dataBr(iso: string): string {
  const [a, m, d] = iso.split('-');
  return `${d}/${m}/${a}`;
}

/** The reminder templates' body parameters, in order (documented on the settings screen). */
export function parametrosDoLembrete(e: Envio): string[] {
  return [
    e.destinatario.nome ?? e.laudo.cliente,
    e.laudo.nome,
    e.laudo.codigo,
    dataBr(e.laudo.dataVencimento),
    String(e.marco.dias),
  ];
}

/**
 * Queues the WhatsApp messages of a run's reminders: each (laudo, due date, milestone, person) once,
 * its row and queue job in one transaction. Returns how many were queued now.
 */
export async function enfileirarLembretesWhatsapp(
  deps: DependenciasDoWhatsapp,
  envios: readonly Envio[],
): Promise<number> {
  const settings = deps.settings.get();
  if (motivoDoCanalDesligado(deps.config, settings)) return 0;
  const numeros = await destinatariosDoWhatsapp(deps.db, envios);
  // The person's preferences for the WhatsApp channel, per kind (decision 035).
  const ids = [...numeros.keys()];
  const obrigatorios = settings.notifications.tiposObrigatorios;
  const querem = {
    lembrete_antes: await quemQuerReceber(deps.db, obrigatorios, ids, 'lembrete_antes', 'whatsapp'),
    lembrete_vencido: await quemQuerReceber(deps.db, obrigatorios, ids, 'lembrete_vencido', 'whatsapp'),
  };
  let n = 0;
  for (const e of envios) {
    const usuarioId = e.destinatario.usuarioId;
    const numero = usuarioId ? numeros.get(usuarioId) : undefined;
    if (
      !usuarioId ||
      !numero ||
      !(e.marco.tipo === 'vencendo' ? querem.lembrete_antes : querem.lembrete_vencido).has(usuarioId)
    )
      continue;
    const novo = await deps.db.transaction((tx) =>
      enfileirarMensagem(deps, tx, {
        laudoId: e.laudo.id,
        usuarioId,
        dataVencimento: e.laudo.dataVencimento,
        notificationType: e.marco.tipo,
        daysValue: e.marco.dias,
        numero,
        template:
          e.marco.tipo === 'vencendo' ? settings.whatsapp.modeloAntes : settings.whatsapp.modeloDepois,
        parametros: parametrosDoLembrete(e),
      }),
    );
    if (novo) n++;
  }
  return n;
}

/** An answer to a reminder, as its WhatsApp confirmation needs it (modules/respostas). */
export interface RespostaParaConfirmar {
  /** The respostas_lembrete row: the message's key (once per answer). */
  id: string;
  tipo: TipoResposta;
  /** Who answered (the account of the address the reminder went to); none: nothing is sent. */
  usuarioId: string | null;
  /** How to call them when the account has no name. */
  nome: string;
  laudo: { id: string; nome: string; codigo: string };
  dataVencimento: string;
}

/** What the person chose, in the words of the reminder's buttons (decision 028). */
const RESPOSTA: Record<TipoResposta, string> = {
  solicitacao: 'Solicitar renovação',
  ciente: 'Já estou providenciando',
};

/** The confirmation template's body parameters, in order (documented on the settings screen). */
export function parametrosDaConfirmacao(r: RespostaParaConfirmar): string[] {
  return [r.nome, r.laudo.nome, r.laudo.codigo, dataBr(r.dataVencimento), RESPOSTA[r.tipo]];
}

/**
 * The confirmation of an answer to a reminder, to the person who answered when they receive
 * WhatsApp (consent, plan, channel on) and have not turned `renovacao` off on WhatsApp. Called in
 * the answer's transaction (`tx`), in a savepoint: a failure here is logged and never loses the
 * answer. True when queued.
 */
export async function enfileirarConfirmacaoWhatsapp(
  deps: DependenciasDoWhatsapp,
  tx: Tx,
  resposta: RespostaParaConfirmar,
): Promise<boolean> {
  const settings = deps.settings.get();
  const { usuarioId } = resposta;
  if (!usuarioId || motivoDoCanalDesligado(deps.config, settings)) return false;
  try {
    return await tx.transaction(async (sp) => {
      const numero = (await numerosDoWhatsapp(sp, [usuarioId])).get(usuarioId);
      if (!numero) return false;
      const querem = await quemQuerReceber(
        sp,
        settings.notifications.tiposObrigatorios,
        [usuarioId],
        'renovacao',
        'whatsapp',
      );
      if (!querem.has(usuarioId)) return false;
      const [pessoa] = await sp
        .select({ nome: usuarios.nome })
        .from(usuarios)
        .where(eq(usuarios.id, usuarioId))
        .limit(1);
      return enfileirarMensagem(deps, sp, {
        laudoId: resposta.laudo.id,
        usuarioId,
        dataVencimento: resposta.dataVencimento,
        notificationType: 'confirmacao',
        respostaId: resposta.id,
        numero,
        template: settings.whatsapp.modeloConfirmacao,
        parametros: parametrosDaConfirmacao({ ...resposta, nome: pessoa?.nome || resposta.nome }),
      });
    });
  } catch (err) {
    deps.log.warn({ err, respostaId: resposta.id }, 'falha ao enfileirar a confirmação por WhatsApp');
    return false;
  }
}

/**
 * The monthly summary by WhatsApp (`ResumoPorWhatsapp` of relatorio-mensal.ts): of `usuarioIds`
 * (the month's clients whose plan has notifications), those who receive WhatsApp and have not
 * turned `resumo_mensal` off on WhatsApp, once per person and month (row and job in one
 * transaction). `parametros` gives a person's body parameters (null: no laudos, nothing to say).
 * Returns how many were queued now.
 */
export async function enfileirarResumosWhatsapp(
  deps: DependenciasDoWhatsapp,
  mes: string,
  usuarioIds: readonly string[],
  parametros: (usuarioId: string) => Promise<string[] | null>,
): Promise<number> {
  const settings = deps.settings.get();
  if (motivoDoCanalDesligado(deps.config, settings)) return 0;
  const numeros = await numerosDoWhatsapp(deps.db, usuarioIds);
  const querem = await quemQuerReceber(
    deps.db,
    settings.notifications.tiposObrigatorios,
    [...numeros.keys()],
    'resumo_mensal',
    'whatsapp',
  );
  let n = 0;
  for (const [usuarioId, numero] of numeros) {
    if (!querem.has(usuarioId)) continue;
    const p = await parametros(usuarioId);
    if (!p) continue;
    const novo = await deps.db.transaction((tx) =>
      enfileirarMensagem(deps, tx, {
        usuarioId,
        notificationType: 'resumo_mensal',
        mes,
        numero,
        template: settings.whatsapp.modeloResumo,
        parametros: p,
      }),
    );
    if (novo) n++;
  }
  if (n > 0) deps.log.info({ mes, whatsapp: n }, 'resumos mensais por WhatsApp enfileirados');
  return n;
}

/** The `whatsapp-send` job: sends one message; a temporary failure is thrown back to the queue (retried). */
export async function entregarWhatsapp(
  deps: DependenciasDoWhatsapp,
  data: WhatsappJobData,
  attempt: JobAttempt,
): Promise<void> {
  const [m] = await deps.db
    .select()
    .from(whatsappMensagens)
    .where(eq(whatsappMensagens.id, data.mensagemId))
    .limit(1);
  if (!m || (m.status !== 'pending' && m.status !== 'retrying')) return; // gone, or settled by an earlier attempt
  const config = deps.config.whatsapp;
  if (!config) {
    await deps.db
      .update(whatsappMensagens)
      .set({ status: 'failed', erro: 'WhatsApp não configurado no servidor.', atualizadoEm: new Date() })
      .where(eq(whatsappMensagens.id, m.id));
    return;
  }
  await deps.db
    .update(whatsappMensagens)
    .set({ tentativas: sql`${whatsappMensagens.tentativas} + 1`, atualizadoEm: new Date() })
    .where(eq(whatsappMensagens.id, m.id));
  try {
    const { wamid } = await enviarModelo(
      config,
      { para: m.numero, modelo: m.template, parametros: m.parametros, callback: m.id },
      deps.fetcher,
      // Inside the queue's expiry (EMAIL_SEND_TIMEOUT_SECONDS): an expired job is run again, and
      // must not find this call still waiting.
      Math.min(30, deps.config.email.sendTimeoutSeconds - 2) * 1000,
    );
    // A webhook may have come first: only a pending message becomes `sent`.
    await deps.db
      .update(whatsappMensagens)
      .set({
        wamid,
        enviadoEm: new Date(),
        erro: null,
        atualizadoEm: new Date(),
        status: sql`case when ${whatsappMensagens.status} in ('pending', 'retrying') then 'sent' else ${whatsappMensagens.status} end`,
      })
      .where(eq(whatsappMensagens.id, m.id));
    deps.log.info({ mensagemId: m.id }, 'whatsapp enviado');
  } catch (err) {
    const e = err instanceof WhatsappErro ? err : new WhatsappErro('Erro inesperado no envio.', 0, true);
    const restantes = (attempt.retryLimit ?? 0) - (attempt.retryCount ?? 0);
    const tentarDeNovo = e.temporario && restantes > 0;
    await deps.db
      .update(whatsappMensagens)
      .set({ status: tentarDeNovo ? 'retrying' : 'failed', erro: e.message, atualizadoEm: new Date() })
      .where(eq(whatsappMensagens.id, m.id));
    deps.log.warn({ mensagemId: m.id, codigo: e.codigo, tentarDeNovo }, 'falha no envio por WhatsApp');
    if (tentarDeNovo) throw e;
  }
}

/** X-Hub-Signature-256 = "sha256=" + HMAC-SHA256(raw body, app secret), compared in constant time. */
export function assinaturaValida(segredo: string, corpo: Buffer, cabecalho: string | undefined): boolean {
  if (!cabecalho?.startsWith('sha256=')) return false;
  const esperado = createHmac('sha256', segredo).update(corpo).digest();
  const recebido = Buffer.from(cabecalho.slice('sha256='.length), 'hex');
  return recebido.length === esperado.length && timingSafeEqual(recebido, esperado);
}

interface StatusDoWebhook {
  id?: unknown;
  status?: unknown;
  biz_opaque_callback_data?: unknown;
  errors?: Array<{ code?: unknown; title?: unknown; message?: unknown }>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A webhook's statuses: each moves its message forward only (sent < delivered < read; failed is
 * final). Tied back by `biz_opaque_callback_data` (our row id), else by the wamid; unknown ones are ignored.
 */
export async function registrarStatus(db: Db, corpo: unknown): Promise<number> {
  const statuses: StatusDoWebhook[] = [];
  const entradas = (corpo as { entry?: unknown } | null)?.entry;
  for (const entry of Array.isArray(entradas) ? entradas : [])
    for (const change of Array.isArray(entry?.changes) ? entry.changes : [])
      for (const s of Array.isArray(change?.value?.statuses) ? change.value.statuses : []) statuses.push(s);
  let n = 0;
  for (const s of statuses) {
    const status = s.status;
    if (status !== 'sent' && status !== 'delivered' && status !== 'read' && status !== 'failed') continue;
    const ref =
      typeof s.biz_opaque_callback_data === 'string' && UUID.test(s.biz_opaque_callback_data)
        ? eq(whatsappMensagens.id, s.biz_opaque_callback_data)
        : typeof s.id === 'string'
          ? eq(whatsappMensagens.wamid, s.id)
          : null;
    if (!ref) continue;
    const e = s.errors?.[0];
    const erroTexto =
      status === 'failed'
        ? `Falha informada pelo WhatsApp${typeof e?.code === 'number' ? ` (código ${e.code})` : ''}${typeof e?.title === 'string' ? `: ${e.title.slice(0, 200)}` : ''}`
        : null;
    const anteriores = (Object.keys(ORDEM) as Status[]).filter((k) => ORDEM[k] < ORDEM[status]);
    const r = await db
      .update(whatsappMensagens)
      .set({
        status,
        atualizadoEm: new Date(),
        ...(typeof s.id === 'string' ? { wamid: s.id } : {}),
        ...(erroTexto ? { erro: erroTexto } : {}),
      })
      .where(and(ref, inArray(whatsappMensagens.status, anteriores)))
      .returning({ id: whatsappMensagens.id });
    n += r.length;
  }
  return n;
}

/** What a message is, as the admin's list shows it. */
function descreverMensagem(
  tipo: MensagemRow['notificationType'],
  dias: number | null,
  mes: string | null,
): string {
  if (tipo === 'confirmacao') return 'Confirmação da resposta ao lembrete';
  if (tipo === 'resumo_mensal') return `Resumo mensal de ${mes?.slice(5, 7)}/${mes?.slice(0, 4)}`;
  return tipo === 'vencendo' ? `${dias} dias antes do vencimento` : `${dias} dias após o vencimento`;
}

/** The admin's list: the latest 200 messages, their statuses and errors. */
export async function listarMensagens(db: Db, configurado: boolean) {
  const rows = await db
    .select({
      id: whatsappMensagens.id,
      criadoEm: whatsappMensagens.criadoEm,
      laudoCodigo: laudos.codigo,
      destinatario: usuarios.nome,
      numero: whatsappMensagens.numero,
      template: whatsappMensagens.template,
      tipo: whatsappMensagens.notificationType,
      dias: whatsappMensagens.daysValue,
      mes: whatsappMensagens.mes,
      status: whatsappMensagens.status,
      erro: whatsappMensagens.erro,
      tentativas: whatsappMensagens.tentativas,
    })
    .from(whatsappMensagens)
    .leftJoin(laudos, eq(laudos.id, whatsappMensagens.laudoId))
    .innerJoin(usuarios, eq(usuarios.id, whatsappMensagens.usuarioId))
    .orderBy(desc(whatsappMensagens.criadoEm), desc(whatsappMensagens.id))
    .limit(200);
  return {
    configurado,
    mensagens: rows.map(({ tipo, dias, mes, criadoEm, ...r }) => ({
      ...r,
      criadoEm: criadoEm.toISOString(),
      marco: descreverMensagem(tipo, dias, mes),
    })),
  };
}
