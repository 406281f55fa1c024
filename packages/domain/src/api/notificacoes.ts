// The API schemas of the notificacoes routes (request bodies, queries, responses), shared by server and web.
import { z } from 'zod';
import { isHorario } from '../agenda.ts';
import { isIsoDate } from '../dates.ts';
import { entrada } from './entrada.ts';

const diaIso = z.string().refine(isIsoDate, 'Data inválida: use AAAA-MM-DD.');
const listaDeDias = (min: number) =>
  z.array(z.number().int().min(min).max(3650)).max(60, 'No máximo 60 dias por regra.');

/**
 * Reminders before expiry | notices after it | the monthly report | the escalation copy to the
 * company's gestores (decision 031; a log and dry-run kind, never a rule's).
 */
export const tiposNotificacao = ['vencendo', 'vencido', 'relatorio_mensal', 'escalonamento'] as const;
export type TipoNotificacao = (typeof tiposNotificacao)[number];
const tipoNotificacao = z.enum(tiposNotificacao);
const frequencia = z.enum(['daily', 'weekly', 'monthly']);

export const origensExecucao = ['agendada', 'manual', 'retomada', 'cli'] as const;
export type OrigemExecucao = (typeof origensExecucao)[number];

/** The status of a reminder in notification_logs. */
export const statusLog = ['pending', 'sent', 'failed'] as const;
export type StatusLog = (typeof statusLog)[number];

/** The status of a message in email_logs. */
const statusEmail = z.enum(['pending', 'sending', 'retrying', 'sent', 'failed']);

// ── Requests ───────────────────────────────────────────────────────────────────────────────────

/** PATCH /api/admin/notificacoes/regras/:id: the fields that change; takes effect on the next run. */
export const alteracaoRegraSchema = entrada({
  name: z.string().trim().min(1).max(120).optional(),
  enabled: z.boolean().optional(),
  daysBefore: listaDeDias(1).optional(),
  daysAfter: listaDeDias(0).optional(),
  templateType: z.string().max(40).nullable().optional(),
  runTime: z.string().refine(isHorario, 'Horário inválido: use HH:MM.').optional(),
  frequency: frequencia.optional(),
  weekday: z.number().int().min(0).max(6).optional(),
  /** After-expiry rules: a laudo whose due date was answered (request or "ciente") gets no more notices. */
  pararAposResposta: z.boolean().optional(),
  /** The laudo types the rule applies to (tipos_laudo names); empty: every type. */
  tipos: z.array(z.string().trim().min(1).max(120)).max(100, 'No máximo 100 tipos por regra.').optional(),
  /** "Um e-mail por destinatário": the run's due laudos of the rule go in one digest per recipient. */
  resumo: z.boolean().optional(),
  /** After-expiry rules: days after the first notice to copy the gestores when unanswered; null: never. */
  escalarAposDias: z.number().int().min(1).max(365).nullable().optional(),
});
export type AlteracaoRegra = z.output<typeof alteracaoRegraSchema>;

/**
 * POST /api/admin/notificacoes/regras: a new reminder rule (before or after expiry), created
 * disabled with default days; the admin then edits it (types, days, digest) and turns it on.
 */
export const novaRegraSchema = entrada({ kind: z.enum(['vencendo', 'vencido']) });
export type NovaRegra = z.output<typeof novaRegraSchema>;

/** POST /api/admin/notificacoes/simular. */
export const simulacaoPedidoSchema = entrada({
  // The milestones reach a year around the date: near 9999 their dates would not exist.
  data: diaIso.refine(
    (d) => d >= '1900-01-01' && d <= '9000-12-31',
    'Data fora do intervalo: use um ano entre 1900 e 9000.',
  ),
});

/** GET /api/admin/notificacoes/logs. */
export const logsFiltroSchema = z.object({
  status: z.enum(statusLog).optional(),
  tipo: tipoNotificacao.optional(),
  busca: z.string().trim().max(200).optional(),
  de: diaIso.optional(),
  ate: diaIso.optional(),
  pagina: z.coerce.number().int().min(1).max(100_000).default(1),
  porPagina: z.coerce.number().int().min(1).max(500).default(50),
});
export type LogsFiltroApi = z.output<typeof logsFiltroSchema>;

/** GET /api/notificacoes. */
export const notificacoesPaginaPedidoSchema = z.object({
  pagina: z.coerce.number().int().min(1).max(100_000).default(1),
  porPagina: z.coerce.number().int().min(1).max(500).default(100),
});

// ── Responses ──────────────────────────────────────────────────────────────────────────────────

/** One e-mail a run on that date would send (the dry run). */
export const itemSimuladoSchema = z.object({
  laudoId: z.string().nullable(),
  laudoNome: z.string().nullable(),
  laudoCodigo: z.string().nullable(),
  cliente: z.string().nullable(),
  destinatario: z.string(),
  destinatarioNome: z.string().nullable(),
  tipo: tipoNotificacao,
  /** Days before (vencendo) or after (vencido) expiry; 0 for the report. */
  dias: z.number(),
  templateType: z.string(),
  assunto: z.string(),
  regra: z.string(),
  /** A real run would skip it. */
  jaEnviado: z.boolean(),
  /** Goes inside the recipient's digest e-mail, not on its own (a rule with `resumo`). */
  resumo: z.boolean(),
});
export type ItemSimulado = z.infer<typeof itemSimuladoSchema>;

export const simulacaoSchema = z.object({
  data: z.string(),
  semEmail: z.number(),
  /** Laudos (and monthly reports) of companies whose plan leaves out `notificacoes`: nothing sent. */
  semPlano: z.number(),
  /** Laudos skipped because their due date was answered (renewal requested or "ciente", issue 19). */
  respondidos: z.number(),
  /** Laudos with a milestone on that date only in rules limited to other types (decision 031). */
  foraDoTipo: z.number(),
  /** Reminders and monthly reports to people who turned that kind of e-mail off (decision 035). */
  descadastrados: z.number(),
  /** Recipients left out: their address is on the suppression list (decision 036). */
  suprimidos: z.number(),
  /** The digest e-mails: one per recipient, with how many laudos it lists and its subject. */
  resumos: z.array(
    z.object({
      destinatario: z.string(),
      destinatarioNome: z.string().nullable(),
      laudos: z.number(),
      assunto: z.string(),
    }),
  ),
  itens: z.array(itemSimuladoSchema),
});
export type Simulacao = z.infer<typeof simulacaoSchema>;

/**
 * The responses that carry instants: the server declares them as `Date` (Fastify writes ISO text),
 * the web app reads that text. Each field is defined once, here.
 */
function comInstantes<I extends z.ZodType>(instante: I) {
  const regra = z.object({
    id: z.string(),
    name: z.string(),
    kind: tipoNotificacao,
    /** null: the template is chosen by the number of days (spec section 9). */
    templateType: z.string().nullable(),
    daysBefore: z.array(z.number()),
    daysAfter: z.array(z.number()),
    enabled: z.boolean(),
    /** 'HH:MM' in the firm's time zone. */
    runTime: z.string(),
    /** monthly = the 1st day of the month. */
    frequency: frequencia,
    /** 0 = domingo … 6 = sábado; used when weekly. */
    weekday: z.number(),
    /** After-expiry rules: stop once the due date was answered (before-expiry rules always stop). */
    pararAposResposta: z.boolean(),
    /** Laudo types the rule applies to; empty: every type. */
    tipos: z.array(z.string()),
    /** One digest e-mail per recipient per run. */
    resumo: z.boolean(),
    /** After-expiry rules: escalate N days after the first notice; null: never. */
    escalarAposDias: z.number().nullable(),
    lastRunDate: z.string().nullable(),
    lastRunAt: instante.nullable(),
    /** null when disabled. */
    nextRunAt: instante.nullable(),
    updatedAt: instante,
  });
  /** One run of the reminders. */
  const execucao = z.object({
    id: z.string(),
    origem: z.enum(origensExecucao),
    /** 'YYYY-MM-DD' */
    dataReferencia: z.string(),
    inicio: instante,
    /** null while running, or when the run crashed. */
    fim: instante.nullable(),
    /** Names of the rules that ran. */
    regras: z.array(z.string()),
    enfileirados: z.number(),
    jaEnviados: z.number(),
    semEmail: z.number(),
    /** "sem notificações no plano": due laudos and monthly reports of companies whose plan leaves them out. */
    semPlano: z.number(),
    /** Due laudos skipped because their due date was answered (renewal requested or "ciente"). */
    respondidos: z.number(),
    /** Due laudos that no rule of their type reached. */
    foraDoTipo: z.number(),
    /** Reminders and monthly reports to people who turned that kind of e-mail off (decision 035). */
    descadastrados: z.number(),
    /** Due reminders not sent: the recipient's address is on the suppression list (decision 036). */
    suprimidos: z.number(),
    /** Digest e-mails queued, and the laudos they listed. */
    resumos: z.number(),
    laudosEmResumos: z.number(),
    /** Escalation copies queued to gestores. */
    escalonamentos: z.number(),
    erros: z.number(),
    mensagem: z.string().nullable(),
  });
  const agendador = z.object({
    pausado: z.boolean(),
    pausadoEm: instante.nullable(),
    /** Who paused it (name). */
    pausadoPor: z.string().nullable(),
    /** false when this server runs without job workers: nothing runs here. */
    workers: z.boolean(),
    intervaloMinutos: z.number(),
    ultimaVerificacao: instante.nullable(),
    proximaVerificacao: instante.nullable(),
    /** When an enabled rule is next due. */
    proximaExecucao: instante.nullable(),
    /** The last runs, newest first. */
    execucoes: z.array(execucao),
  });
  /** One reminder the scheduler queued. */
  const log = z.object({
    id: z.string(),
    laudoId: z.string().nullable(),
    ruleName: z.string().nullable(),
    /** Days left on the scheduled date: > 0 before expiry, <= 0 after. */
    daysBefore: z.number().nullable(),
    recipientEmail: z.string(),
    recipientName: z.string().nullable(),
    laudoCode: z.string().nullable(),
    laudoName: z.string().nullable(),
    status: z.enum(statusLog),
    errorMessage: z.string().nullable(),
    notificationType: tipoNotificacao,
    scheduledDate: z.string().nullable(),
    sentAt: instante.nullable(),
    createdAt: instante,
  });
  /** An e-mail sent about one of the user's laudos. */
  const notificacao = z.object({
    id: z.string(),
    data: instante,
    laudoId: z.string().nullable(),
    laudoNome: z.string().nullable(),
    laudoCodigo: z.string().nullable(),
    /** The template type, e.g. 'vencimento_30', 'vencido_0', 'relatorio_mensal'. */
    tipo: z.string(),
    assunto: z.string(),
    status: statusEmail,
    destinatario: z.string(),
  });
  const pagina = { total: z.number(), pagina: z.number(), porPagina: z.number() };
  return {
    regras: z.object({ regras: z.array(regra) }),
    regraAlterada: z.object({ regra }),
    agendador,
    execucao: z.object({ execucao }),
    logsPagina: z.object({ logs: z.array(log), ...pagina }),
    notificacoesPagina: z.object({ itens: z.array(notificacao), ...pagina }),
  };
}

/** The response schemas as the server declares them (instants as Date). */
export const notificacoesResposta = comInstantes(z.date());
/** The same responses as the web app reads them (instants as ISO text). */
export const notificacoesRespostaWeb = comInstantes(z.string());

export type Regra = z.infer<typeof notificacoesRespostaWeb.regras>['regras'][number];
export type Execucao = z.infer<typeof notificacoesRespostaWeb.execucao>['execucao'];
export type Agendador = z.infer<typeof notificacoesRespostaWeb.agendador>;
export type NotificacaoLog = z.infer<typeof notificacoesRespostaWeb.logsPagina>['logs'][number];
export type LogsPagina = z.infer<typeof notificacoesRespostaWeb.logsPagina>;
export type Notificacao = z.infer<typeof notificacoesRespostaWeb.notificacoesPagina>['itens'][number];
export type NotificacoesPagina = z.infer<typeof notificacoesRespostaWeb.notificacoesPagina>;

/** The server-side shapes the services return. */
export type ExecucaoApi = z.infer<typeof notificacoesResposta.execucao>['execucao'];
export type AgendadorApi = z.infer<typeof notificacoesResposta.agendador>;
export type RegraApi = z.infer<typeof notificacoesResposta.regras>['regras'][number];
export type LogsPaginaApi = z.infer<typeof notificacoesResposta.logsPagina>;
export type NotificacoesPaginaApi = z.infer<typeof notificacoesResposta.notificacoesPagina>;
