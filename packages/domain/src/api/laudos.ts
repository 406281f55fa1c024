// The API schemas of the laudos routes (request bodies, queries, responses), shared by server and web.
import { z } from 'zod';
import { isIsoDate } from '../dates.ts';
import { PERIODO_MAXIMO_MESES } from '../periodo.ts';
import { entrada } from './entrada.ts';
import { EXAMES, NOMES_DOS_EXAMES } from './equipamentos.ts';

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

/** The NR-13 exams a laudo type may be tied to (decision 049): the registry's, and the extraordinary. */
export const EXAMES_DOS_TIPOS = [...EXAMES, 'extraordinaria'] as const;
export type ExameDoTipo = (typeof EXAMES_DOS_TIPOS)[number];
export const NOMES_DOS_EXAMES_DOS_TIPOS: Record<ExameDoTipo, string> = {
  ...NOMES_DOS_EXAMES,
  extraordinaria: 'Inspeção extraordinária',
};

/** The fields of a type the admin may set on creation and change later. */
const camposDoTipo = {
  descricao: z.string().trim().max(300, 'A descrição tem até 300 caracteres.').nullable().optional(),
  ordem: z
    .number('A ordem deve ser um número inteiro de 0 a 10000.')
    .int('A ordem deve ser um número inteiro de 0 a 10000.')
    .min(0, 'A ordem deve ser um número inteiro de 0 a 10000.')
    .max(10_000, 'A ordem deve ser um número inteiro de 0 a 10000.')
    .optional(),
  /** The default period in months (null: the date is typed, as before). */
  periodoMeses: z
    .number(`O período padrão deve ser um número inteiro de 1 a ${PERIODO_MAXIMO_MESES} meses.`)
    .int(`O período padrão deve ser um número inteiro de 1 a ${PERIODO_MAXIMO_MESES} meses.`)
    .min(1, `O período padrão deve ser um número inteiro de 1 a ${PERIODO_MAXIMO_MESES} meses.`)
    .max(
      PERIODO_MAXIMO_MESES,
      `O período padrão deve ser um número inteiro de 1 a ${PERIODO_MAXIMO_MESES} meses.`,
    )
    .nullable()
    .optional(),
  /** The NR-13 exam the type stands for (null: none). */
  exame: z
    .enum(EXAMES_DOS_TIPOS, 'Exame inválido: use externo, interno, seguranca, periodica ou extraordinaria.')
    .nullable()
    .optional(),
};

/** POST /api/admin/tipos-laudo. */
export const tipoDeLaudoEntrada = entrada({
  nome: z.string().trim().min(2, 'Informe o nome do tipo.').max(80, 'O nome tem até 80 caracteres.'),
  ...camposDoTipo,
});
export type TipoDeLaudoEntrada = z.output<typeof tipoDeLaudoEntrada>;

/** PATCH /api/admin/tipos-laudo/:nome: only the fields sent change (the name is the key). */
export const tipoDeLaudoAlteracao = entrada({
  ...camposDoTipo,
  ativo: z.boolean('Ativo deve ser verdadeiro ou falso.').optional(),
});
export type TipoDeLaudoAlteracao = z.output<typeof tipoDeLaudoAlteracao>;

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

const tipoDeLaudo = z.object({
  nome: z.string(),
  descricao: z.string().nullable(),
  /** The default period in months, or null (decision 049). */
  periodoMeses: z.number().int().nullable().catch(null),
  /** The NR-13 exam the type is tied to, or null (decision 049). */
  exame: z.enum(EXAMES_DOS_TIPOS).nullable().catch(null),
});
export type TipoLaudo = z.infer<typeof tipoDeLaudo>;
/** GET /api/tipos-laudo. */
export const tiposDeLaudo = z.object({ tipos: z.array(tipoDeLaudo) });

/** A type as the admin sees it: also the inactive ones, and the order. */
const tipoDeLaudoAdmin = tipoDeLaudo.extend({ ativo: z.boolean(), ordem: z.number().int() });
export type TipoLaudoAdmin = z.infer<typeof tipoDeLaudoAdmin>;
/** GET /api/admin/tipos-laudo. */
export const tiposDeLaudoAdmin = z.object({ tipos: z.array(tipoDeLaudoAdmin) });

/** POST and PATCH /api/admin/tipos-laudo. */
export const tipoDeLaudoCriado = z.object({ tipo: tipoDeLaudoAdmin });

/** GET /api/laudos/:id/arquivos/excel/tabela: the first sheet, up to 200 rows. */
export const planilhaDoLaudo = z.object({
  sheetName: z.string(),
  /** The number of columns. */
  columns: z.number(),
  rows: z.array(z.array(z.string())),
  truncated: z.boolean(),
});
export type Planilha = z.infer<typeof planilhaDoLaudo>;
