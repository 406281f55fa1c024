// The spreadsheet import of NR-13 equipment (issue 23, decision 048): its columns, the multipart
// fields and the answers, shared by server and web. Simpler than the laudos import (decision 047):
// synchronous, all or nothing, up to 2,000 rows.
import { z } from 'zod';
import { EXAMES, TIPOS_DE_EQUIPAMENTO } from './equipamentos.ts';

export const MAX_LINHAS_DE_EQUIPAMENTOS = 2000;

/** A column of the template: where its value goes in the registry's entry, and how it is read. */
export interface ColunaDeEquipamento {
  /** The entry's field (`placa.fabricante`, `opcoes.spie`, `ultimosExames.interno`…). */
  campo: string;
  cabecalho: string;
  leitura: 'texto' | 'tipo' | 'numero' | 'inteiro' | 'data' | 'classe' | 'simNao' | 'tag' | 'tags';
  exemplo: [string, string];
}

/** The template's columns, in its order. The upload maps a heading by its letters (case and accents aside). */
export const COLUNAS_DE_EQUIPAMENTOS: readonly ColunaDeEquipamento[] = [
  { campo: 'tag', cabecalho: 'TAG', leitura: 'texto', exemplo: ['V-101', 'PSV-101'] },
  {
    campo: 'tipo',
    cabecalho: 'Tipo',
    leitura: 'tipo',
    exemplo: ['Vaso de pressão', 'Dispositivo de segurança'],
  },
  {
    campo: 'descricao',
    cabecalho: 'Descrição',
    leitura: 'texto',
    exemplo: ['Pulmão de ar comprimido', 'Válvula de segurança do V-101'],
  },
  {
    campo: 'estabelecimento',
    cabecalho: 'Estabelecimento',
    leitura: 'texto',
    exemplo: ['Fábrica 1', 'Fábrica 1'],
  },
  {
    campo: 'localizacao',
    cabecalho: 'Localização',
    leitura: 'texto',
    exemplo: ['Casa de compressores', 'Casa de compressores'],
  },
  {
    campo: 'dataInstalacao',
    cabecalho: 'Data de instalação',
    leitura: 'data',
    exemplo: ['15/03/2015', '15/03/2015'],
  },
  {
    campo: 'pressaoOperacaoKpa',
    cabecalho: 'Pressão de operação (kPa)',
    leitura: 'numero',
    exemplo: ['800', ''],
  },
  {
    campo: 'pressaoMaximaKpa',
    cabecalho: 'Pressão máxima de operação (kPa)',
    leitura: 'numero',
    exemplo: ['1000', ''],
  },
  { campo: 'volumeM3', cabecalho: 'Volume (m³)', leitura: 'numero', exemplo: ['2,5', ''] },
  { campo: 'fluido', cabecalho: 'Fluido', leitura: 'texto', exemplo: ['Ar comprimido', ''] },
  { campo: 'classeFluido', cabecalho: 'Classe do fluido (A–D)', leitura: 'classe', exemplo: ['C', ''] },
  { campo: 'spie', cabecalho: 'SPIE (sim/não)', leitura: 'simNao', exemplo: ['não', ''] },
  {
    campo: 'opcoes.abaixoDeZero',
    cabecalho: 'Opera abaixo de 0 °C (sim/não)',
    leitura: 'simNao',
    exemplo: ['não', ''],
  },
  {
    campo: 'opcoes.semCodigoAntesDe2018',
    cabecalho: 'Sem código de projeto, anterior a 2018 (sim/não)',
    leitura: 'simNao',
    exemplo: ['não', ''],
  },
  {
    campo: 'opcoes.fabricadoEmSerie',
    cabecalho: 'Fabricado em série (sim/não)',
    leitura: 'simNao',
    exemplo: ['não', ''],
  },
  {
    campo: 'opcoes.dobradoPeloPh',
    cabecalho: 'Tubulação: intervalo dobrado pelo PH (sim/não)',
    leitura: 'simNao',
    exemplo: ['', ''],
  },
  {
    campo: 'opcoes.sisAnexoIV',
    cabecalho: 'Caldeira: SIS conforme Anexo IV (sim/não)',
    leitura: 'simNao',
    exemplo: ['', ''],
  },
  {
    campo: 'opcoes.sgcAnexoIV',
    cabecalho: 'Caldeira: SGC conforme Anexo IV (sim/não)',
    leitura: 'simNao',
    exemplo: ['', ''],
  },
  {
    campo: 'opcoes.recuperacaoDeAlcalis',
    cabecalho: 'Caldeira: recuperação de álcalis (sim/não)',
    leitura: 'simNao',
    exemplo: ['', ''],
  },
  {
    campo: 'opcoes.valvulasTestadasEm12Meses',
    cabecalho: 'Caldeira: válvulas testadas a cada 12 meses (sim/não)',
    leitura: 'simNao',
    exemplo: ['', ''],
  },
  { campo: 'protege', cabecalho: 'Protege (TAG)', leitura: 'tag', exemplo: ['', 'V-101'] },
  { campo: 'conexoes', cabecalho: 'Conecta (TAGs)', leitura: 'tags', exemplo: ['', ''] },
  {
    campo: 'ultimosExames.externo',
    cabecalho: 'Último exame externo',
    leitura: 'data',
    exemplo: ['10/05/2024', ''],
  },
  {
    campo: 'ultimosExames.interno',
    cabecalho: 'Último exame interno',
    leitura: 'data',
    exemplo: ['10/05/2022', ''],
  },
  {
    campo: 'ultimosExames.seguranca',
    cabecalho: 'Última inspeção de segurança (caldeira)',
    leitura: 'data',
    exemplo: ['', ''],
  },
  {
    campo: 'ultimosExames.periodica',
    cabecalho: 'Última inspeção periódica',
    leitura: 'data',
    exemplo: ['', '10/05/2024'],
  },
  {
    campo: 'placa.fabricante',
    cabecalho: 'Fabricante',
    leitura: 'texto',
    exemplo: ['Metalúrgica Exemplo', ''],
  },
  { campo: 'placa.numeroDeSerie', cabecalho: 'Número de série', leitura: 'texto', exemplo: ['12345', ''] },
  {
    campo: 'placa.anoDeFabricacao',
    cabecalho: 'Ano de fabricação',
    leitura: 'inteiro',
    exemplo: ['2014', ''],
  },
  { campo: 'placa.pmtaKpa', cabecalho: 'PMTA (kPa)', leitura: 'numero', exemplo: ['1200', ''] },
  {
    campo: 'placa.codigoDeProjeto',
    cabecalho: 'Código de projeto',
    leitura: 'texto',
    exemplo: ['ASME VIII Div. 1', ''],
  },
  {
    campo: 'placa.capacidadeDeVapor',
    cabecalho: 'Caldeira: capacidade de vapor',
    leitura: 'texto',
    exemplo: ['', ''],
  },
  {
    campo: 'placa.superficieDeAquecimento',
    cabecalho: 'Caldeira: superfície de aquecimento',
    leitura: 'texto',
    exemplo: ['', ''],
  },
];

/** A heading as the upload compares it: lower case, no accents, letters and digits only. */
export function chaveDoCabecalho(texto: string): string {
  return texto
    .normalize('NFD')
    .replaceAll(/\p{M}/gu, '')
    .toLowerCase()
    .replaceAll(/[^a-z0-9]/g, '');
}

/** The type column accepts the type's name or its key ("Vaso de pressão", "vaso", "PSV"…). */
export const TIPOS_NA_PLANILHA: Record<string, (typeof TIPOS_DE_EQUIPAMENTO)[number]> = {
  caldeira: 'caldeira',
  vaso: 'vaso',
  vasodepressao: 'vaso',
  tubulacao: 'tubulacao',
  tanque: 'tanque',
  dispositivo: 'dispositivo',
  dispositivodeseguranca: 'dispositivo',
  psv: 'dispositivo',
  valvuladeseguranca: 'dispositivo',
};

/** What happens to the TAGs that already exist in the company. */
export const MODOS_DA_IMPORTACAO_DE_EQUIPAMENTOS = ['pular', 'atualizar'] as const;

/** The multipart fields beside the file `arquivo`. */
export const importacaoDeEquipamentosCampos = z.object({
  empresaId: z.uuid('Empresa não encontrada.').optional(),
  modo: z
    .enum(MODOS_DA_IMPORTACAO_DE_EQUIPAMENTOS, 'Modo inválido: use pular ou atualizar.')
    .default('pular'),
});

export const modeloDeEquipamentosQuery = z.object({
  formato: z.enum(['csv', 'xlsx'], 'Formato inválido: use csv ou xlsx.').default('csv'),
});

const erroDaLinha = z.object({
  /** The spreadsheet's row number (the headings are row 1). */
  linha: z.number(),
  /** The column's heading, or null for the whole row. */
  campo: z.string().nullable(),
  mensagem: z.string(),
});
export type ErroDaLinhaDeEquipamento = z.infer<typeof erroDaLinha>;

const linhaValida = z.object({
  linha: z.number(),
  tag: z.string(),
  tipo: z.enum(TIPOS_DE_EQUIPAMENTO),
  acao: z.enum(['criar', 'atualizar', 'pular']),
  categoria: z.string().nullable(),
  classificacao: z.string(),
  exames: z.array(
    z.object({
      exame: z.enum([...EXAMES, 'extraordinaria']),
      nome: z.string(),
      data: z.string().nullable(),
      explicacao: z.string(),
    }),
  ),
});

export const previaDeEquipamentos = z.object({
  previa: z.object({
    modo: z.enum(MODOS_DA_IMPORTACAO_DE_EQUIPAMENTOS),
    total: z.number(),
    criar: z.number(),
    atualizar: z.number(),
    pular: z.number(),
    /** Every row's errors, by row number; the import refuses the file while any is left. */
    erros: z.array(erroDaLinha),
    /** The valid rows with the category and next dates the registry will compute. */
    linhas: z.array(linhaValida),
  }),
});
export type PreviaDeEquipamentos = z.infer<typeof previaDeEquipamentos>['previa'];

export const resultadoDeEquipamentos = z.object({
  resultado: z.object({ criados: z.number(), atualizados: z.number(), pulados: z.number() }),
});
export type ResultadoDeEquipamentos = z.infer<typeof resultadoDeEquipamentos>['resultado'];

/**
 * The import's 400: with `erros` when any row has an error (nothing saved, the preview's list);
 * with `campos` when the request itself is invalid.
 */
export const planilhaDeEquipamentosComErros = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    campos: z.array(z.object({ campo: z.string(), mensagem: z.string() })).optional(),
    erros: z.array(erroDaLinha).optional(),
  }),
});
