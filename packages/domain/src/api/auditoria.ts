// The API schemas of the audit log (issue 22, decision 046), shared by server and web.
import { z } from 'zod';

export const ENTIDADES_AUDITADAS = [
  'laudo',
  'arquivo',
  'versao',
  'usuario',
  'empresa',
  'chave_api',
  'convite',
  'plano',
  'renovacao',
  'resposta',
  'template',
  'regra',
  'pedido_empresa',
  'sessao',
  'configuracoes',
  'tipo_laudo',
  'auditoria',
] as const;

export const ACOES_AUDITADAS = [
  'criou',
  'alterou',
  'excluiu',
  'enviou_arquivo',
  'substituiu_arquivo',
  'removeu_arquivo',
  'emitiu_versao',
  'entrou',
  'falhou_entrada',
  'saiu',
  'revogou',
  'reenviou',
  'cancelou',
  'aceitou',
  'alterou_senha',
  'redefiniu_senha',
  'limpou',
  'restaurou',
  'aprovou',
  'recusou',
  'anotou',
] as const;

const dia = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Informe a data no formato AAAA-MM-DD.')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Data inválida.');

/** GET /api/admin/auditoria and its CSV: the filters (all optional). */
export const filtroDeAuditoria = z.object({
  ator: z.string().trim().max(200, 'O filtro de ator pode ter até 200 caracteres.').optional(),
  empresa: z.uuid('Empresa inválida.').optional(),
  entidade: z.enum(ENTIDADES_AUDITADAS, 'Entidade desconhecida.').optional(),
  acao: z.enum(ACOES_AUDITADAS, 'Ação desconhecida.').optional(),
  de: dia.optional(),
  ate: dia.optional(),
});

/** The list's page: the filters plus the cursor the previous page gave, and a page size. */
export const paginaDeAuditoriaEntrada = filtroDeAuditoria.extend({
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Cursor inválido.')
    .optional(),
  limite: z.coerce
    .number('Limite inválido.')
    .int('Limite inválido.')
    .min(1, 'Limite inválido.')
    .max(200, 'O limite é de no máximo 200 entradas.')
    .optional(),
});

/** GET /api/laudos/:id/historico: the cursor the previous page gave, and a page size. */
export const paginaDoHistoricoEntrada = paginaDeAuditoriaEntrada.pick({ cursor: true, limite: true });

function esquemasDaAuditoria<I extends z.ZodType>(instante: I) {
  const campos = z.record(z.string(), z.object({ de: z.unknown(), para: z.unknown() })).nullable();
  const entrada = z.object({
    id: z.string(),
    criadoEm: instante,
    atorTipo: z.enum(['usuario', 'chave_api', 'sistema']),
    atorId: z.string().nullable(),
    atorNome: z.string().nullable(),
    atorPapel: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    empresaId: z.string().nullable(),
    empresaNome: z.string().nullable(),
    entidade: z.string(),
    entidadeId: z.string().nullable(),
    acao: z.string(),
    campos,
    detalhes: z.record(z.string(), z.unknown()).nullable(),
  });
  /** What a client sees of its laudo's entries: no address, no browser, no ids of people. */
  const entradaDoHistorico = z.object({
    id: z.string(),
    criadoEm: instante,
    atorTipo: z.enum(['usuario', 'chave_api', 'sistema']),
    atorNome: z.string().nullable(),
    entidade: z.string(),
    acao: z.string(),
    campos,
  });
  return {
    entrada,
    pagina: z.object({ entradas: z.array(entrada), proximoCursor: z.string().nullable() }),
    umaEntrada: z.object({ entrada }),
    historico: z.object({ entradas: z.array(entradaDoHistorico), proximoCursor: z.string().nullable() }),
  };
}

export const auditoriaNoServidor = esquemasDaAuditoria(z.date());
export const auditoriaNaWeb = esquemasDaAuditoria(z.string());
export type EntradaDeAuditoria = z.infer<typeof auditoriaNaWeb.entrada>;
export type PaginaDeAuditoria = z.infer<typeof auditoriaNaWeb.pagina>;
export type HistoricoDoLaudo = z.infer<typeof auditoriaNaWeb.historico>;
export type FiltroDeAuditoria = z.input<typeof filtroDeAuditoria>;
