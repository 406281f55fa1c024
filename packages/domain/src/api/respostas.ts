import { z } from 'zod';
import { entrada } from './entrada.ts';

/**
 * Answers to a reminder (issue 19): the two signed links of every reminder e-mail, "Solicitar
 * renovação" and "Já estou providenciando", opened without a session.
 */

export const tiposResposta = ['solicitacao', 'ciente'] as const;
export const tipoResposta = z.enum(tiposResposta);
export type TipoResposta = z.infer<typeof tipoResposta>;

/** The pipeline's stages (a later slice moves a request through them); a request starts 'solicitado'. */
export const estagiosRenovacao = [
  'solicitado',
  'orcamento_enviado',
  'agendado',
  'inspecionado',
  'concluido',
  'perdido',
] as const;

/** An answer already recorded for the laudo's current due date. */
export const respostaRegistradaSchema = z.object({
  tipo: tipoResposta,
  /** ISO instant. */
  em: z.string(),
  /** Who answered: the person's name when the address has an account, else the address. */
  por: z.string(),
  periodo: z.string().nullable(),
  observacao: z.string().nullable(),
});
export type RespostaRegistrada = z.infer<typeof respostaRegistradaSchema>;

/** GET /api/respostas/:token (public): what the answer page shows. */
export const respostaAbertaSchema = z.object({
  tipo: tipoResposta,
  laudo: z.object({
    nome: z.string(),
    codigo: z.string(),
    /** 'YYYY-MM-DD' */
    dataVencimento: z.string(),
  }),
  destinatario: z.string(),
  /** The answer of this kind already recorded for this due date, if any. */
  registrada: respostaRegistradaSchema.nullable(),
});
export type RespostaAberta = z.infer<typeof respostaAbertaSchema>;

/** POST /api/respostas/:token (public): the request's details (ignored for "ciente"). */
export const responderLembreteEntrada = entrada({
  periodo: z.string().trim().max(120).optional(),
  contato: z.string().trim().max(200).optional(),
  observacao: z.string().trim().max(2000).optional(),
});
export type ResponderLembrete = z.output<typeof responderLembreteEntrada>;

export const respostaConfirmadaSchema = z.object({
  /** false when the same answer was already recorded (a repeated click): nothing new was written. */
  nova: z.boolean(),
  registrada: respostaRegistradaSchema,
});

/** GET /api/laudos/:id/respostas: the answers for the laudo's current due date. */
export const respostasDoLaudoSchema = z.object({
  respostas: z.array(respostaRegistradaSchema),
});
