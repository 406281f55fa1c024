// The API schemas of the spreadsheet import of laudos (issue 22, decision 047), shared by server and web.
import { z } from 'zod';
import { entrada } from './entrada.ts';

/** The fields a row of the spreadsheet can carry (the keys of a mapping). */
export const CAMPOS_DA_IMPORTACAO = [
  'codigo',
  'nome',
  'tipo',
  'dataVencimento',
  'emailCliente',
  'observacoes',
  'empresa',
] as const;
export type CampoDaImportacao = (typeof CAMPOS_DA_IMPORTACAO)[number];

/** The fields every row must have. `empresa` is needed only when an admin imports "pela coluna Empresa". */
export const CAMPOS_OBRIGATORIOS_DA_IMPORTACAO: readonly CampoDaImportacao[] = ['codigo', 'nome', 'tipo'];

/** The template's headings (pt-BR), in the template's order. */
export const CABECALHOS_DA_IMPORTACAO: Record<CampoDaImportacao, string> = {
  codigo: 'Código',
  nome: 'Nome',
  tipo: 'Tipo',
  dataVencimento: 'Data de vencimento',
  emailCliente: 'E-mail do cliente',
  observacoes: 'Observações',
  empresa: 'Empresa',
};

/** A heading compared without case, accents or extra spaces ("E-MAIL do  Cliente" = "e-mail do cliente"). */
export function normalizarCabecalho(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export const STATUS_DA_IMPORTACAO = ['enviada', 'validada', 'importando', 'concluida', 'falhou'] as const;
export type StatusDaImportacao = (typeof STATUS_DA_IMPORTACAO)[number];

export const EXISTENTES = ['pular', 'atualizar'] as const;
export type Existentes = (typeof EXISTENTES)[number];

const existentes = z.enum(EXISTENTES, 'Escolha pular ou atualizar os códigos que já existem.');

/** Which file heading feeds each field; a field left out is not imported. */
export const mapeamentoDaImportacao = z.partialRecord(
  z.enum(CAMPOS_DA_IMPORTACAO, 'Campo desconhecido.'),
  z.string().max(200),
);
export type MapeamentoDaImportacao = z.infer<typeof mapeamentoDaImportacao>;

/** GET /api/importacoes/modelo?formato=csv|xlsx */
export const modeloDaImportacaoQuery = z.object({
  formato: z.enum(['csv', 'xlsx'], 'Formato inválido: use csv ou xlsx.').default('csv'),
});

/** POST /api/importacoes (multipart): beside the file `arquivo`, the admin's company for the whole file. */
export const importacaoEnvioCampos = z.object({
  empresaId: z.uuid('Empresa inválida.').optional(),
});

/** POST /api/importacoes/:id/previa */
export const previaDaImportacaoEntrada = entrada({
  mapeamento: mapeamentoDaImportacao,
  existentes,
});
export type PreviaDaImportacaoEntrada = z.output<typeof previaDaImportacaoEntrada>;

/** POST /api/importacoes/:id/executar */
export const executarImportacaoEntrada = entrada({
  existentes,
  enviarEmails: z.boolean('Informe se os e-mails devem ser enviados.'),
});
export type ExecutarImportacaoEntrada = z.output<typeof executarImportacaoEntrada>;

/** One problem of one row: `linha` is the spreadsheet's row number (the header is row 1). */
export const erroDaImportacao = z.object({
  linha: z.number().int(),
  campo: z.enum(CAMPOS_DA_IMPORTACAO).nullable(),
  mensagem: z.string(),
});
export type ErroDaImportacao = z.infer<typeof erroDaImportacao>;

export const previaDaImportacao = z.object({
  validas: z.number().int(),
  novos: z.number().int(),
  atualizar: z.number().int(),
  pular: z.number().int(),
  erros: z.array(erroDaImportacao),
  /** Set when novos + the company's laudos would pass the plan's limit: the import will be refused. */
  limiteExcedido: z.string().nullable(),
});
export type PreviaDaImportacao = z.infer<typeof previaDaImportacao>;

function esquemasDaImportacao<I extends z.ZodType>(instante: I) {
  const importacao = z.object({
    id: z.string(),
    /** Null when an admin imports "pela coluna Empresa". */
    empresaId: z.string().nullable(),
    empresaNome: z.string().nullable(),
    nomeArquivo: z.string(),
    criadoEm: instante,
    criadoPor: z.object({ id: z.string().nullable(), nome: z.string().nullable() }),
    status: z.enum(STATUS_DA_IMPORTACAO),
    colunas: z.array(z.string()),
    amostra: z.array(z.array(z.string())),
    total: z.number().int(),
    mapeamento: mapeamentoDaImportacao,
    existentes: z.enum(EXISTENTES),
    enviarEmails: z.boolean(),
    previa: previaDaImportacao.optional(),
    progresso: z.object({ processadas: z.number().int(), total: z.number().int() }),
    resultado: z
      .object({
        importados: z.number().int(),
        atualizados: z.number().int(),
        pulados: z.number().int(),
        erros: z.number().int(),
      })
      .optional(),
    /** Why a failed import stopped (status `falhou`). */
    falha: z.string().nullable().optional(),
  });
  return {
    importacao,
    umaImportacao: z.object({ importacao }),
    lista: z.object({ importacoes: z.array(importacao) }),
  };
}

export const importacaoNoServidor = esquemasDaImportacao(z.date());
export const importacaoNaWeb = esquemasDaImportacao(z.string());
export type ImportacaoApi = z.infer<typeof importacaoNaWeb.importacao>;
export type ListaDeImportacoes = z.infer<typeof importacaoNaWeb.lista>;
