import { calendarDayIn, type TipoDeMensagem, tipoDoMarco } from '@laudos/domain';
import type { OrigemExecucao } from '@laudos/domain/api';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notificationHistory, notificationLogs } from '../../db/schema.ts';
import type { EmailService } from '../../email/delivery.ts';
import type { AcaoDoEmail } from '../../email/layout.ts';
import type { RegistrarResultado } from '../../jobs/enviar-email.ts';
import type { SettingsStore } from '../../settings/store.ts';
import { avisoDeLembrete } from '../avisos/mensagens.ts';
import { avisar } from '../avisos/service.ts';
import { variaveisDoLaudo } from '../laudos/variaveis-email.ts';
import { type LinksDeDescadastro, linksDeDescadastro as links } from '../preferencias/link.ts';
import { urlDaResposta } from '../respostas/link.ts';
import {
  chaveDoEscalonamento,
  enfileirarEscalonamento,
  escalonamentosJaEnviados,
  planejarEscalonamentos,
} from './escalonamento.ts';
import { abrirExecucao, avancarJanelas, concluirExecucao, type Execucao, type Totais } from './estado.ts';
import { type Envio, type Janela, marcarJaEnviados, planejarEnvios } from './planejamento.ts';
import { enviarRelatoriosMensais, type ResumoPorWhatsapp } from './relatorio-mensal.ts';
import { agruparResumos, enfileirarResumo } from './resumo.ts';

/**
 * Sending: queues each planned reminder exactly once. The (laudo, data_vencimento, milestone,
 * recipient) row of notification_history is inserted in the same transaction as the e-mail's queue job; restarts,
 * overlapping runs, crashes and several instances meet at that unique key, and whoever inserts it
 * enqueues the e-mail, nobody else does (decision 008).
 */

/** Laudos per transaction: each one's milestone row, e-mail and log are written together. */
const LOTE = 100;

type Log = {
  info(o: object, m: string): void;
  error(o: object, m: string): void;
};

export interface DependenciasDoEnvio {
  db: Db;
  email: Pick<EmailService, 'enqueue'>;
  settings: SettingsStore;
  timeZone: string;
  publicUrl: string;
  /** AUTH_SECRET: signs each reminder's answer links (modules/respostas/link.ts). */
  secret: string;
  log: Log;
  /** WhatsApp (decision 037): queues the run's reminders for the people who opted in; returns how many. */
  whatsapp?: (envios: readonly Envio[]) => Promise<number>;
  /** WhatsApp: the monthly summary, beside the monthly report's e-mail. */
  resumoWhatsapp?: ResumoPorWhatsapp;
}

/**
 * One run over `janelas`: recorded in notification_runs, every pending reminder queued in batches,
 * the monthly reports, and — only when nothing failed — the rules' windows moved on.
 */
export async function enviarLembretes(
  deps: DependenciasDoEnvio,
  janelas: readonly Janela[],
  origem: OrigemExecucao,
  now: Date,
): Promise<Execucao> {
  const { db, log } = deps;
  const hoje = calendarDayIn(deps.timeZone, now);
  const asOf = janelas.reduce((max, j) => (j.ate > max ? j.ate : max), janelas[0]?.ate ?? hoje);
  const runId = await abrirExecucao(db, {
    origem,
    asOf,
    inicio: now,
    regras: janelas.map((j) => j.regra.name),
  });
  const totais: Totais = {
    enfileirados: 0,
    jaEnviados: 0,
    semEmail: 0,
    semPlano: 0,
    respondidos: 0,
    foraDoTipo: 0,
    descadastrados: 0,
    suprimidos: 0,
    resumos: 0,
    laudosEmResumos: 0,
    escalonamentos: 0,
    erros: 0,
  };
  let mensagem: string | null = null;
  // With "Por e-mail" off and "Por WhatsApp" on (and the channel configured), the run still plans and
  // sends by WhatsApp; nothing goes by e-mail (no reminders, digests, escalations nor reports).
  const { email: porEmail, whatsapp: porWhatsapp } = deps.settings.get().notifications;
  const soWhatsapp = !porEmail && porWhatsapp && deps.whatsapp !== undefined;
  if (!porEmail && !soWhatsapp) {
    mensagem = 'Envio de e-mails desativado nas configurações: nada foi enviado.';
  } else {
    if (soWhatsapp) mensagem = 'Envio de e-mails desativado nas configurações: só o WhatsApp foi enviado.';
    try {
      const lembretes = janelas.filter((j) => j.regra.kind !== 'relatorio_mensal');
      const obrigatorios = deps.settings.get().notifications.tiposObrigatorios;
      const { envios, semEmail, semPlano, respondidos, foraDoTipo, descadastrados, suprimidos, candidatos } =
        await planejarEnvios(db, lembretes, obrigatorios);
      totais.descadastrados = descadastrados;
      totais.suprimidos = suprimidos;
      totais.semEmail = semEmail;
      totais.semPlano = semPlano;
      totais.respondidos = respondidos;
      totais.foraDoTipo = foraDoTipo;
      const marcados = porEmail ? await marcarJaEnviados(db, envios) : [];
      const pendentes: Envio[] = [];
      for (const { envio, jaEnviado } of marcados) {
        if (jaEnviado) totais.jaEnviados++;
        else if (!envio.regra.resumo) pendentes.push(envio);
      }
      const ctx = { asOf, hoje, now };
      // Digests: one transaction per recipient, its milestones and its one e-mail together.
      const resumos = agruparResumos(marcados.filter((x) => !x.jaEnviado));
      for (const itens of resumos.values()) {
        try {
          const n = await db.transaction((tx) =>
            enfileirarResumo(
              tx,
              deps,
              itens.map((i) => i.envio),
              ctx,
            ),
          );
          totais.jaEnviados += itens.length - n;
          totais.enfileirados += n;
          totais.laudosEmResumos += n;
          if (n > 0) totais.resumos++;
        } catch (err) {
          totais.erros += itens.length;
          log.error(
            { err, runId, destinatario: '[oculto]' },
            'falha ao enfileirar um resumo; será tentado na próxima execução',
          );
        }
      }
      for (let i = 0; i < pendentes.length; i += LOTE) {
        const lote = pendentes.slice(i, i + LOTE);
        try {
          const r = await db.transaction(async (tx) => {
            let enfileirados = 0;
            let repetidos = 0;
            for (const e of lote) {
              if (await enfileirarLembrete(tx, deps, e, ctx)) enfileirados++;
              else repetidos++;
            }
            return { enfileirados, repetidos };
          });
          totais.enfileirados += r.enfileirados;
          totais.jaEnviados += r.repetidos;
        } catch (err) {
          totais.erros += lote.length;
          log.error({ err, runId }, 'falha ao enfileirar lembretes; o lote será tentado na próxima execução');
        }
      }
      // WhatsApp: the same reminders, for whoever opted in (its own exactly-once rows; decision 037),
      // chosen before the e-mail's own filters (a suppressed address, e-mail turned off).
      if (deps.whatsapp) {
        try {
          const n = await deps.whatsapp(candidatos);
          if (n > 0) log.info({ runId, whatsapp: n }, 'lembretes por WhatsApp enfileirados');
        } catch (err) {
          totais.erros++;
          log.error(
            { err, runId },
            'falha ao enfileirar mensagens de WhatsApp; serão tentadas na próxima execução',
          );
        }
      }
      const escalonamentos = porEmail ? await planejarEscalonamentos(db, lembretes, deps.timeZone) : [];
      const jaEscalados = await escalonamentosJaEnviados(db, escalonamentos);
      for (let i = 0; i < escalonamentos.length; i += LOTE) {
        const lote = escalonamentos
          .slice(i, i + LOTE)
          .filter((e) => !jaEscalados.has(chaveDoEscalonamento(e)));
        try {
          const n = await db.transaction(async (tx) => {
            let novos = 0;
            for (const e of lote) if (await enfileirarEscalonamento(tx, deps, e, ctx)) novos++;
            return novos;
          });
          totais.enfileirados += n;
          totais.escalonamentos += n;
        } catch (err) {
          totais.erros += lote.length;
          log.error({ err, runId }, 'falha ao enfileirar escalonamentos; serão tentados na próxima execução');
        }
      }
      for (const j of janelas.filter((x) => x.regra.kind === 'relatorio_mensal')) {
        const r = await enviarRelatoriosMensais(
          db,
          porEmail ? deps.email : null,
          j.regra,
          j.de,
          j.ate,
          hoje,
          {
            obrigatorios,
            descadastro: (usuarioId) => linksDeDescadastro(deps, usuarioId, 'resumo_mensal'),
          },
          deps.resumoWhatsapp,
        );
        totais.descadastrados += r.descadastrados;
        totais.enfileirados += r.enfileirados;
        totais.jaEnviados += r.jaEnviados;
        totais.semPlano += r.semPlano;
        totais.erros += r.erros;
      }
      // Only a complete run moves the windows on; a failed one is tried again by the next check.
      if (totais.erros === 0) await avancarJanelas(db, janelas, now);
      else mensagem = `${totais.erros} envio(s) não puderam ser enfileirados; serão tentados de novo.`;
    } catch (err) {
      totais.erros++;
      mensagem = 'A execução falhou e será tentada de novo na próxima verificação.';
      log.error({ err, runId }, 'falha na execução dos lembretes');
    }
  }
  const execucao = await concluirExecucao(db, runId, totais, mensagem);
  log.info({ runId, origem, asOf, ...totais }, 'lembretes de vencimento');
  return execucao;
}

/**
 * Takes the milestone (the unique key) and enqueues its e-mail, in the caller's transaction.
 * False when another run took it first.
 */
async function enfileirarLembrete(
  tx: DbOrTx,
  deps: Pick<DependenciasDoEnvio, 'email' | 'publicUrl' | 'secret' | 'settings'>,
  e: Envio,
  { asOf, hoje, now }: { asOf: string; hoje: string; now: Date },
): Promise<boolean> {
  const [marco] = await tx
    .insert(notificationHistory)
    .values({
      laudoId: e.laudo.id,
      usuarioId: e.destinatario.usuarioId,
      templateType: e.templateType,
      notificationType: e.marco.tipo,
      daysValue: e.marco.dias,
      dataVencimento: e.laudo.dataVencimento,
      destinatario: e.destinatario.email,
      // The scheduler's clock: the escalation counts its days from the first notice (escalonamento.ts).
      sentAt: now,
      success: false,
    })
    .onConflictDoNothing()
    .returning({ id: notificationHistory.id });
  if (!marco) return false;
  const destinatario = e.destinatario.email;
  const nome = e.destinatario.nome ?? e.laudo.cliente;
  const result = await deps.email.enqueue(tx, {
    type: e.templateType as never,
    to: destinatario,
    toName: nome,
    userId: e.destinatario.usuarioId,
    laudoId: e.laudo.id,
    variables: variaveisDoLaudo(e.laudo, {
      hoje,
      publicUrl: deps.publicUrl,
      clienteNome: e.destinatario.nome,
    }),
    metadata: { regra: e.regra.name, marco: e.marco },
    // The laudo's company: its logo and colour join the firm's when its plan has `customBranding`.
    empresaId: e.laudo.empresaId,
    acoes: acoesDaResposta(deps, e, marco.id),
    // An address with no account has no preferences, so no unsubscribe link (decision 035).
    descadastro: e.destinatario.usuarioId
      ? linksDeDescadastro(deps, e.destinatario.usuarioId, tipoDoMarco(e.marco.tipo))
      : null,
  });
  await avisar(tx, { usuarios: [e.destinatario.usuarioId] }, avisoDeLembrete(e.laudo, e.marco));
  await tx
    .update(notificationHistory)
    .set({ emailLogId: result.logId ?? null, errorMessage: result.success ? null : (result.error ?? null) })
    .where(eq(notificationHistory.id, marco.id));
  await tx.insert(notificationLogs).values({
    laudoId: e.laudo.id,
    ruleId: e.regra.id,
    ruleName: e.regra.name,
    daysBefore: e.marco.tipo === 'vencendo' ? e.marco.dias : -e.marco.dias,
    recipientEmail: destinatario,
    recipientName: nome,
    laudoCode: e.laudo.codigo,
    laudoName: e.laudo.nome,
    status: result.success ? 'pending' : 'failed',
    errorMessage: result.success ? null : (result.error ?? null),
    notificationType: e.marco.tipo,
    scheduledDate: asOf,
    emailLogId: result.logId ?? null,
  });
  return true;
}

/**
 * The reminder's two answer buttons (issue 19), signed for this reminder's milestone row: the
 * layout draws them below whatever the admin wrote in the template.
 */
function acoesDaResposta(
  deps: Pick<DependenciasDoEnvio, 'publicUrl' | 'secret'>,
  e: Envio,
  marcoId: string,
): AcaoDoEmail[] {
  const link = (tipo: 'solicitacao' | 'ciente') =>
    urlDaResposta(deps.publicUrl, deps.secret, {
      tipo,
      marcoId,
      laudoId: e.laudo.id,
      dataVencimento: e.laudo.dataVencimento,
      destinatario: e.destinatario.email,
    });
  return [
    { rotulo: 'Solicitar renovação', href: link('solicitacao') },
    { rotulo: 'Já estou providenciando', href: link('ciente') },
  ];
}

/**
 * A queued e-mail settled (sent, or failed for good): its reminder's log and milestone say so. The
 * `email-send` job calls this in the transaction that records the outcome (jobs/enviar-email.ts,
 * wired in server.ts).
 */
export const registrarResultadoDoLembrete: RegistrarResultado = async (tx, logId, resultado) => {
  const sent = resultado.status === 'sent';
  await tx
    .update(notificationLogs)
    .set({
      status: resultado.status,
      sentAt: sent ? resultado.at : null,
      errorMessage: resultado.error ?? null,
    })
    .where(eq(notificationLogs.emailLogId, logId));
  await tx
    .update(notificationHistory)
    .set({ success: sent, errorMessage: resultado.error ?? null, ...(sent ? { sentAt: resultado.at } : {}) })
    .where(eq(notificationHistory.emailLogId, logId));
};

/**
 * The unsubscribe links of a non-transactional e-mail to a person (decision 035): the mailto goes to
 * the firm's contact address.
 */
export function linksDeDescadastro(
  deps: Pick<DependenciasDoEnvio, 'publicUrl' | 'secret' | 'settings'>,
  usuarioId: string,
  tipo: TipoDeMensagem,
): LinksDeDescadastro {
  return links(
    { publicUrl: deps.publicUrl, secret: deps.secret, contato: deps.settings.get().contact.email },
    usuarioId,
    tipo,
  );
}
