// The API schemas of the in-app notices (issue 19, the header's bell; decision 032), shared by
// server and web.
import { z } from 'zod';

/**
 * What a notice is about. Stored as text: a new kind needs no migration. `renovacao_estagio` and
 * `laudo_versao` are written by the renewal pipeline and the laudo versions.
 */
export const TIPOS_DE_AVISO = [
  'laudo_novo',
  'lembrete_enviado',
  'suporte_resposta',
  'suporte_mensagem',
  'renovacao_estagio',
  'laudo_versao',
] as const;
export type TipoDeAviso = (typeof TIPOS_DE_AVISO)[number];

/** Notices per page of GET /api/avisos (the bell's panel asks for 10). */
export const AVISOS_POR_PAGINA = 20;

/** GET /api/avisos: newest first; `antes` is the last notice of the previous page (keyset). */
export const avisosQuery = z.object({
  antes: z.uuid('Aviso não encontrado.').optional(),
  limite: z.coerce
    .number('Limite inválido.')
    .int('Limite inválido.')
    .min(1, 'O limite vai de 1 a 50.')
    .max(50, 'O limite vai de 1 a 50.')
    .default(AVISOS_POR_PAGINA),
});

function esquemasDoAviso<I extends z.ZodType>(instante: I) {
  const aviso = z.object({
    id: z.string(),
    tipo: z.string(),
    titulo: z.string(),
    texto: z.string(),
    /** A path of the app ("/laudos/…"): where clicking the notice goes. */
    link: z.string(),
    lido: z.boolean(),
    criadoEm: instante,
  });
  return {
    aviso,
    /** `proximo`: the `antes` of the next page, null on the last. */
    lista: z.object({ avisos: z.array(aviso), proximo: z.string().nullable() }),
    naoLidos: z.object({ naoLidos: z.number() }),
  };
}

export const avisosNoServidor = esquemasDoAviso(z.date());
export const avisosNaWeb = esquemasDoAviso(z.string());
export type Aviso = z.infer<typeof avisosNaWeb.aviso>;
