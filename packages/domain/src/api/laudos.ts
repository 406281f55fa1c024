// The API schemas of the laudos routes (request bodies, queries, responses), shared by server and web.
import { z } from 'zod';
import { isIsoDate } from '../dates.ts';
import { entrada } from './entrada.ts';

const STATUS_VENCIMENTO = ['ativo', 'vencendo', 'vencido'] as const;
const dataIso = (mensagem: string) => z.string().refine(isIsoDate, mensagem);

// ── Requests ──────────────────────────────────────────────────────────────────────────────────

const textoOpcional = (max: number) => z.string().max(max).optional();

/**
 * The body of POST /api/laudos and PATCH /api/laudos/:id: every field optional here (the route
 * says which are required, with the spec's one message), unknown fields refused, and the spec's
 * `data_vencimento` / `email_cliente` (what every read returns) accepted beside the camelCase names.
 */
export const laudoEntrada = entrada(
  {
    nome: textoOpcional(200),
    codigo: textoOpcional(80),
    cliente: textoOpcional(200),
    /** The admin's choice of client company (its name becomes `cliente`); null takes it out of any. */
    empresaId: z.uuid('Empresa inválida.').nullable().optional(),
    tipo: textoOpcional(80),
    observacoes: z.string().max(5000).nullable().optional(),
    emailCliente: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim() : v),
        z.union([z.email('E-mail do cliente inválido.').max(254), z.literal(''), z.null()]),
      )
      .optional(),
    dataVencimento: dataIso('Data inválida: use o formato AAAA-MM-DD.').nullable().optional(),
  },
  { data_vencimento: 'dataVencimento', email_cliente: 'emailCliente', empresa_id: 'empresaId' },
);
export type LaudoEntrada = z.output<typeof laudoEntrada>;

/**
 * The fields of POST /api/laudos/:id/renovar (multipart, beside the optional files `pdf` and
 * `excel`): the new version's code (the same one may stay) and its due date, and a note.
 */
export const renovacaoEntrada = entrada(
  {
    codigo: z.string().trim().min(1, 'Informe o código do laudo.').max(80),
    dataVencimento: dataIso('Informe a nova data de vencimento (AAAA-MM-DD).'),
    observacoes: z.string().max(5000).optional(),
  },
  { data_vencimento: 'dataVencimento' },
);
export type RenovacaoEntrada = z.output<typeof renovacaoEntrada>;

/** The order the lists may take (GET /api/laudos?ordem=). */
export const ordemDosLaudos = z.enum(['vencimento', 'nome', 'codigo', 'cliente', 'criadoEm']);
export type OrdemLaudos = z.infer<typeof ordemDosLaudos>;

/** GET /api/laudos: filters, order and page. */
export const filtroDeLaudos = z.object({
  status: z.enum(STATUS_VENCIMENTO).optional(),
  tipo: z.string().max(80).optional(),
  cliente: z.string().max(200).optional(),
  /** A company's laudos (admin). */
  empresaId: z.uuid('Empresa inválida.').optional(),
  busca: z.string().max(200).optional(),
  vencimentoDe: dataIso('Data inválida: use AAAA-MM-DD.').optional(),
  vencimentoAte: dataIso('Data inválida: use AAAA-MM-DD.').optional(),
  comArquivos: z.enum(['true', 'false']).optional(),
  ordem: ordemDosLaudos.default('vencimento'),
  direcao: z.enum(['asc', 'desc']).default('asc'),
  pagina: z.coerce.number().int().min(1).max(100_000).default(1),
  porPagina: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/laudos/exportar: the list's filters and order (no page), and the format. */
export const exportarLaudosQuery = filtroDeLaudos
  .omit({ pagina: true, porPagina: true })
  .extend({ formato: z.enum(['csv', 'xlsx'], 'Formato inválido: use csv ou xlsx.').default('csv') });

/** GET /api/exportacao/completa: one company's data (admin), or everything the user may see. */
export const exportacaoCompletaQuery = z.object({ empresaId: z.uuid('Empresa inválida.').optional() });

/** POST /api/admin/tipos-laudo. */
export const tipoDeLaudoEntrada = entrada({
  nome: z.string().trim().min(2, 'Informe o nome do tipo.').max(80),
  descricao: z.string().trim().max(300).nullable().optional(),
});

// ── Responses ─────────────────────────────────────────────────────────────────────────────────

const classificacao = z.object({
  status: z.enum(STATUS_VENCIMENTO),
  diasRestantes: z.number().nullable(),
  diasVencido: z.number(),
});

/**
 * A laudo as every read returns it: the spec's snake_case fields, the camelCase read aliases, the
 * creator and the expiry classification (computed by the server in the firm's time zone).
 * `instante` is how a timestamp looks on each side: a Date on the server (Fastify writes ISO text),
 * the ISO text in the browser.
 */
function esquemasDoLaudo<I extends z.ZodType>(instante: I) {
  const laudo = z.object({
    id: z.string(),
    nome: z.string(),
    codigo: z.string(),
    cliente: z.string(),
    /** The client company the laudo belongs to (issue 17), or null. */
    empresa_id: z.string().nullable().catch(null),
    tipo: z.string(),
    observacoes: z.string().nullable(),
    status: z.string(),
    email_cliente: z.string().nullable(),
    /** 'YYYY-MM-DD' or null. */
    data_vencimento: z.string().nullable(),
    criado_em: instante,
    atualizado_em: instante,
    criado_por: z.string().nullable(),
    /** The original file names. */
    arquivo_pdf: z.string().nullable(),
    arquivo_excel: z.string().nullable(),
    arquivo_pdf_url: z.string().nullable(),
    arquivo_excel_url: z.string().nullable(),
    dataVencimento: z.string().nullable(),
    criadoEm: instante,
    emailCliente: z.string().nullable(),
    criador: z.object({ nome: z.string(), email: z.string().nullable() }).nullable(),
    vencimento: classificacao,
    /** The current version's number (decision 030): 1 until the first renewal. */
    versao: z.number().int().catch(1),
    /** An NR-13 exam's laudo (decision 048): its equipment and exam; its date is the registry's. */
    equipamento_id: z.string().nullable().catch(null),
    exame: z.string().nullable().catch(null),
  });
  return {
    laudo,
    /** `{ laudo }`: get, create, update and the file routes. */
    umLaudo: z.object({ laudo }),
    /** GET /api/laudos. */
    paginaDeLaudos: z.object({
      laudos: z.array(laudo),
      total: z.number(),
      pagina: z.number(),
      porPagina: z.number(),
    }),
  };
}

/** An earlier version of a laudo (GET /api/laudos/:id/versoes), with its files' download addresses. */
function esquemasDaVersao<I extends z.ZodType>(instante: I) {
  const pessoa = z.object({ nome: z.string() }).nullable();
  const versao = z.object({
    numero: z.number().int(),
    codigo: z.string(),
    data_vencimento: z.string().nullable(),
    observacoes: z.string().nullable(),
    /** The original file names, and where to download them (null: the version had none). */
    arquivo_pdf: z.string().nullable(),
    arquivo_excel: z.string().nullable(),
    arquivo_pdf_url: z.string().nullable(),
    arquivo_excel_url: z.string().nullable(),
    emitido_em: instante,
    emitido_por: pessoa,
    renovado_em: instante,
    renovado_por: pessoa,
  });
  return {
    versao,
    /** The current version's number and the earlier ones, newest first. */
    versoesDoLaudo: z.object({ atual: z.number().int(), versoes: z.array(versao) }),
  };
}

/** The server's side (timestamps are Dates). */
export const laudosNoServidor = { ...esquemasDoLaudo(z.date()), ...esquemasDaVersao(z.date()) };
/** The web app's side (timestamps are ISO text). */
export const laudosNaWeb = { ...esquemasDoLaudo(z.string()), ...esquemasDaVersao(z.string()) };
export type VersaoDoLaudo = z.infer<typeof laudosNaWeb.versao>;
export type VersoesDoLaudo = z.infer<typeof laudosNaWeb.versoesDoLaudo>;
export type Laudo = z.infer<typeof laudosNaWeb.laudo>;
export type PaginaDeLaudos = z.infer<typeof laudosNaWeb.paginaDeLaudos>;

/** GET /api/laudos/estatisticas. */
export const estatisticasDosLaudos = z.object({
  total: z.number(),
  ativos: z.number(),
  vencendo: z.number(),
  vencidos: z.number(),
  porTipo: z.array(z.object({ tipo: z.string(), total: z.number() })),
});
export type EstatisticasLaudos = z.infer<typeof estatisticasDosLaudos>;

const tipoDeLaudo = z.object({ nome: z.string(), descricao: z.string().nullable() });
export type TipoLaudo = z.infer<typeof tipoDeLaudo>;
/** GET /api/tipos-laudo. */
export const tiposDeLaudo = z.object({ tipos: z.array(tipoDeLaudo) });

/** POST /api/admin/tipos-laudo. */
export const tipoDeLaudoCriado = z.object({ tipo: tipoDeLaudo });

/** GET /api/laudos/:id/arquivos/excel/tabela: the first sheet, up to 200 rows. */
export const planilhaDoLaudo = z.object({
  sheetName: z.string(),
  /** The number of columns. */
  columns: z.number(),
  rows: z.array(z.array(z.string())),
  truncated: z.boolean(),
});
export type Planilha = z.infer<typeof planilhaDoLaudo>;
