// The firm's renewal pipeline (issue 19, decision 029): the renewal requests of `respostas.ts`
// moved through their stages, the client's view of them and the monthly funnel. Shared by server
// and web.
import { z } from 'zod';
import { isIsoDate } from '../dates.ts';
import { entrada } from './entrada.ts';
import { estagiosRenovacao } from './respostas.ts';

export type EstagioRenovacao = (typeof estagiosRenovacao)[number];
export const estagioRenovacao = z.enum(estagiosRenovacao, 'Estágio inválido.');

/** How each stage reads to people (the board's columns, the client's steps). */
export const ROTULO_DO_ESTAGIO: Record<EstagioRenovacao, string> = {
  solicitado: 'Solicitado',
  orcamento_enviado: 'Orçamento enviado',
  agendado: 'Agendado',
  inspecionado: 'Inspecionado',
  concluido: 'Concluído',
  perdido: 'Perdido',
};

const dataIso = z.string().refine(isIsoDate, 'Data inválida: use AAAA-MM-DD.');
const texto = (max: number) => z.string().trim().max(max, `Use até ${max} caracteres.`);

/** What a move to a stage may carry. */
export interface DadosDoEstagio {
  estagio: EstagioRenovacao;
  agendadoPara?: string | null | undefined;
  engenheiro?: string | null | undefined;
  motivoPerda?: string | null | undefined;
}

/**
 * The one rule of a move (the form and the server both ask it): Agendado needs the inspection's
 * date and engineer; Perdido needs the reason. Returns the fields missing, with their message.
 */
export function problemasDoEstagio(d: DadosDoEstagio): { campo: string; mensagem: string }[] {
  const problemas: { campo: string; mensagem: string }[] = [];
  if (d.estagio === 'agendado') {
    if (!d.agendadoPara) problemas.push({ campo: 'agendadoPara', mensagem: 'Informe a data da inspeção.' });
    if (!d.engenheiro?.trim())
      problemas.push({ campo: 'engenheiro', mensagem: 'Informe o engenheiro responsável.' });
  }
  if (d.estagio === 'perdido' && !d.motivoPerda?.trim())
    problemas.push({ campo: 'motivoPerda', mensagem: 'Informe o motivo da perda.' });
  return problemas;
}

/** POST /api/admin/renovacoes/:id/estagio. */
export const moverEstagioEntrada = entrada({
  estagio: estagioRenovacao,
  agendadoPara: dataIso.nullable().optional(),
  engenheiro: texto(120).nullable().optional(),
  orcamento: texto(500).nullable().optional(),
  motivoPerda: texto(500).nullable().optional(),
  nota: texto(2000).optional(),
}).superRefine((valor, ctx) => {
  for (const p of problemasDoEstagio(valor))
    ctx.addIssue({ code: 'custom', path: [p.campo], message: p.mensagem });
});
export type MoverEstagio = z.output<typeof moverEstagioEntrada>;

/** POST /api/admin/renovacoes/:id/notas: a note in the history; `interna` stays the firm's. */
export const notaDaRenovacaoEntrada = entrada({
  nota: z.string('Escreva a nota.').trim().min(1, 'Escreva a nota.').max(2000, 'Use até 2000 caracteres.'),
  interna: z.boolean().optional(),
});

/** GET /api/admin/renovacoes: the board's filters. */
export const renovacoesAdminQuery = z.object({
  estagio: estagioRenovacao.optional(),
  empresaId: z.uuid('Empresa não encontrada.').optional(),
  tipo: z.string().max(100).optional(),
  /** The due date's period. */
  venceDe: dataIso.optional(),
  venceAte: dataIso.optional(),
  busca: z.string().trim().max(100).optional(),
});
export type FiltrosDeRenovacoes = z.infer<typeof renovacoesAdminQuery>;

function esquemasDaRenovacao<I extends z.ZodType>(instante: I) {
  const cartao = z.object({
    id: z.string(),
    estagio: estagioRenovacao,
    empresa: z.object({ id: z.string(), nome: z.string() }).nullable(),
    laudo: z.object({ id: z.string(), nome: z.string(), codigo: z.string(), tipo: z.string() }),
    /** The due date answered ('YYYY-MM-DD') and the days left from today (negative: expired). */
    dataVencimento: z.string(),
    diasRestantes: z.number(),
    /** Who asked: the person's name when the address has an account, else the address. */
    solicitante: z.string(),
    periodo: z.string().nullable(),
    contato: z.string().nullable(),
    observacao: z.string().nullable(),
    agendadoPara: z.string().nullable(),
    engenheiro: z.string().nullable(),
    orcamento: z.string().nullable(),
    motivoPerda: z.string().nullable(),
    criadoEm: instante,
    atualizadoEm: instante,
  });
  const evento = z.object({
    id: z.string(),
    /** A move (`de` → `para`) or, with both null, a note alone. */
    de: estagioRenovacao.nullable(),
    para: estagioRenovacao.nullable(),
    nota: z.string().nullable(),
    interna: z.boolean(),
    por: z.string().nullable(),
    em: instante,
  });
  const lembrete = z.object({
    /** 'vencendo' | 'vencido' and the milestone's days. */
    tipo: z.string(),
    dias: z.number(),
    destinatario: z.string(),
    enviadoEm: instante,
    sucesso: z.boolean(),
  });
  const comHistorico = cartao.extend({ historico: z.array(evento) });
  return {
    cartao,
    evento,
    quadro: z.object({ renovacoes: z.array(cartao) }),
    detalhe: z.object({ renovacao: cartao, historico: z.array(evento), lembretes: z.array(lembrete) }),
    doCliente: z.object({ renovacoes: z.array(comHistorico) }),
  };
}

export const renovacoesNoServidor = esquemasDaRenovacao(z.date());
export const renovacoesNaWeb = esquemasDaRenovacao(z.string());
export type CartaoDeRenovacao = z.infer<typeof renovacoesNaWeb.cartao>;
export type EventoDeRenovacao = z.infer<typeof renovacoesNaWeb.evento>;
export type DetalheDeRenovacao = z.infer<typeof renovacoesNaWeb.detalhe>;
export type RenovacaoDoCliente = z.infer<typeof renovacoesNaWeb.doCliente>['renovacoes'][number];

/** GET /api/admin/renovacoes/funil: per month (the last 12, 'YYYY-MM') and laudo type. */
export const funilSchema = z.object({
  meses: z.array(z.string()),
  tipos: z.array(z.string()),
  linhas: z.array(
    z.object({
      mes: z.string(),
      tipo: z.string(),
      /** Reminders sent (one per laudo, due date and milestone, however many recipients). */
      lembretes: z.number(),
      /** Renewal requests received. */
      pedidos: z.number(),
      /** Requests that reached Concluído that month. */
      concluidos: z.number(),
    }),
  ),
});
export type Funil = z.infer<typeof funilSchema>;
