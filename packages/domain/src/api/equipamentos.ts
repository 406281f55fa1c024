// The API schemas of the NR-13 equipment registry (issue 23, decision 048), shared by server and
// web. The rules that compute categories and deadlines are in ../nr13.ts.
import { z } from 'zod';
import { isIsoDate } from '../dates.ts';
import { entrada } from './entrada.ts';

/** A calendar day from 1900 to 2100: the norm's intervals are added to it, and a year past 9999 is no date. */
const dataIso = (mensagem: string) =>
  z
    .string()
    .refine(isIsoDate, mensagem)
    .refine((d) => d >= '1900-01-01' && d <= '2100-12-31', 'Data fora do intervalo aceito (1900 a 2100).');
const texto = (max: number) => z.string().trim().max(max, `Até ${max} caracteres.`);
const opcional = (max: number) => texto(max).nullable().optional();
/** A measure above zero, from 0,000001 (so P·V never rounds to zero) to 1.000.000. */
const positivo = (mensagem: string) => z.number(mensagem).min(1e-6, mensagem).max(1e6, mensagem);

export const TIPOS_DE_EQUIPAMENTO = ['caldeira', 'vaso', 'tubulacao', 'tanque', 'dispositivo'] as const;
export type TipoDeEquipamento = (typeof TIPOS_DE_EQUIPAMENTO)[number];
export const NOMES_DOS_TIPOS: Record<TipoDeEquipamento, string> = {
  caldeira: 'Caldeira',
  vaso: 'Vaso de pressão',
  tubulacao: 'Tubulação',
  tanque: 'Tanque',
  dispositivo: 'Dispositivo de segurança',
};

/** The exams each type has: a vessel two, the others one periodic inspection. */
export const EXAMES_DO_TIPO: Record<TipoDeEquipamento, readonly ExameDeEquipamento[]> = {
  vaso: ['externo', 'interno'],
  caldeira: ['seguranca'],
  tubulacao: ['periodica'],
  tanque: ['periodica'],
  dispositivo: ['periodica'],
};
export const EXAMES = ['externo', 'interno', 'seguranca', 'periodica'] as const;
export type ExameDeEquipamento = (typeof EXAMES)[number];
export const NOMES_DOS_EXAMES: Record<ExameDeEquipamento, string> = {
  externo: 'Exame externo',
  interno: 'Exame interno',
  seguranca: 'Inspeção de segurança periódica',
  periodica: 'Inspeção periódica',
};

/** Nameplate and options; each type uses its own (13.4.1.3, 13.5.1.3). */
const placa = z.strictObject({
  fabricante: opcional(120),
  numeroDeSerie: opcional(80),
  anoDeFabricacao: z.number().int().min(1900).max(2100).nullable().optional(),
  pmtaKpa: positivo('A PMTA deve ser um número maior que zero (kPa).').nullable().optional(),
  codigoDeProjeto: opcional(120),
  capacidadeDeVapor: opcional(80),
  superficieDeAquecimento: opcional(80),
});

const opcoes = z.strictObject({
  sisAnexoIV: z.boolean().optional(),
  sgcAnexoIV: z.boolean().optional(),
  recuperacaoDeAlcalis: z.boolean().optional(),
  valvulasTestadasEm12Meses: z.boolean().optional(),
  abaixoDeZero: z.boolean().optional(),
  semCodigoAntesDe2018: z.boolean().optional(),
  fabricadoEmSerie: z.boolean().optional(),
  dobradoPeloPh: z.boolean().optional(),
});

const camposDoEquipamento = {
  tag: z
    .string('Informe a TAG do equipamento.')
    .trim()
    .min(1, 'Informe a TAG do equipamento.')
    .max(40, 'A TAG pode ter até 40 caracteres.'),
  descricao: opcional(200),
  estabelecimento: opcional(120),
  localizacao: opcional(200),
  pressaoOperacaoKpa: positivo('A pressão de operação deve ser um número maior que zero (kPa).')
    .nullable()
    .optional(),
  pressaoMaximaKpa: positivo('A pressão máxima de operação deve ser um número maior que zero (kPa).')
    .nullable()
    .optional(),
  volumeM3: positivo('O volume deve ser um número maior que zero (m³).').nullable().optional(),
  fluido: opcional(120),
  classeFluido: z
    .enum(['A', 'B', 'C', 'D'], 'Classe de fluido inválida: use A, B, C ou D.')
    .nullable()
    .optional(),
  spie: z.boolean().optional(),
  opcoes: opcoes.optional(),
  placa: placa.optional(),
  dataInstalacao: dataIso('Data de instalação inválida: use AAAA-MM-DD.').nullable().optional(),
  /** A safety device: the equipment it protects (same company). */
  protegeId: z.uuid('Equipamento protegido não encontrado.').nullable().optional(),
  /** Piping: the vessels and boilers it connects (same company). */
  conexoes: z.array(z.uuid('Equipamento ligado não encontrado.')).max(50).optional(),
};

/** POST /api/equipamentos. An admin names the company; a client's goes to their own. */
export const criarEquipamentoEntrada = entrada({
  tipo: z.enum(TIPOS_DE_EQUIPAMENTO, 'Tipo de equipamento inválido.'),
  empresaId: z.uuid('Empresa não encontrada.').optional(),
  ...camposDoEquipamento,
  /** The last exams already done before the registry (one entry each, as a "registro anterior"). */
  ultimosExames: z
    .partialRecord(z.enum(EXAMES), dataIso('Data de exame inválida: use AAAA-MM-DD.'))
    .optional(),
});
export type NovoEquipamento = z.input<typeof criarEquipamentoEntrada>;

/** PATCH /api/equipamentos/:id: the fields sent change (type and company do not). */
export const atualizarEquipamentoEntrada = entrada({
  ...camposDoEquipamento,
  tag: camposDoEquipamento.tag.optional(),
  ativo: z.boolean().optional(),
});

/** GET /api/equipamentos. */
export const filtroDeEquipamentos = z.object({
  empresaId: z.uuid('Empresa não encontrada.').optional(),
  tipo: z.enum(TIPOS_DE_EQUIPAMENTO, 'Tipo de equipamento inválido.').optional(),
  categoria: z.string().max(3).optional(),
  situacao: z.enum(['vencido', 'vencendo', 'em_dia', 'sem_data'], 'Situação inválida.').optional(),
  busca: z.string().trim().max(100).optional(),
  /** Only equipment whose next date is due on or before this day. */
  vencimentoAte: dataIso('Data do próximo vencimento inválida: use AAAA-MM-DD.').optional(),
});

/** POST /api/equipamentos/:id/inspecoes. */
export const inspecaoEntrada = entrada({
  tipo: z.enum(['inicial', 'periodica', 'extraordinaria'], 'Tipo de inspeção inválido.'),
  exames: z.array(z.enum(EXAMES, 'Exame inválido.')).min(1, 'Informe os exames realizados.').max(4),
  dataInicio: dataIso('Data de início inválida: use AAAA-MM-DD.').nullable().optional(),
  dataFim: dataIso('Informe a data de conclusão da inspeção (AAAA-MM-DD).'),
  phNome: texto(120).min(1, 'Informe o profissional habilitado.'),
  phCrea: texto(40).min(1, 'Informe o CREA do profissional habilitado.'),
  resultado: z.enum(['aprovado', 'aprovado_com_recomendacoes', 'reprovado'], 'Resultado inválido.'),
  parecer: opcional(5000),
  recomendacoes: z
    .array(
      z.strictObject({
        descricao: texto(1000).min(1, 'Descreva a recomendação.'),
        prazo: dataIso('Prazo da recomendação inválido: use AAAA-MM-DD.').nullable().optional(),
        responsavel: opcional(120),
      }),
    )
    .max(50)
    .optional(),
  /** The next date the PH plans per exam: earlier than the norm's maximum, never later. */
  proximasPlanejadas: z
    .partialRecord(z.enum(EXAMES), dataIso('Data planejada inválida: use AAAA-MM-DD.'))
    .optional(),
  /** The laudo with the report's files (same company). */
  laudoId: z.uuid('Laudo não encontrado.').nullable().optional(),
});
export type NovaInspecao = z.input<typeof inspecaoEntrada>;

/** POST /api/equipamentos/:id/prorrogacoes. */
export const prorrogacaoEntrada = entrada({
  exame: z.enum(EXAMES, 'Exame inválido.'),
  tipo: z.enum(['forca_maior', 'inspecao_nao_intrusiva'], 'Tipo de prorrogação inválido.'),
  meses: z.number('Informe os meses da prorrogação.').int('Informe um número inteiro de meses.'),
  justificativa: texto(5000).min(10, 'Descreva a justificativa (pelo menos 10 caracteres).'),
  phNome: texto(120).min(1, 'Informe o profissional habilitado responsável.'),
  phCrea: texto(40).min(1, 'Informe o CREA do profissional habilitado.'),
  avisoSindicatoEm: dataIso('Data do aviso ao sindicato inválida: use AAAA-MM-DD.').nullable().optional(),
});

/** POST /api/equipamentos/:id/eventos: a trigger of an extraordinary inspection. */
export const eventoEntrada = entrada({
  tipo: z.enum(
    ['parada', 'retorno', 'alteracao', 'mudanca_de_local', 'acidente'],
    'Tipo de evento inválido.',
  ),
  data: dataIso('Data do evento inválida: use AAAA-MM-DD.'),
  descricao: opcional(2000),
});

function esquemas<I extends z.ZodType>(instante: I) {
  const exame = z.object({
    exame: z.enum([...EXAMES, 'extraordinaria']),
    nome: z.string(),
    /** The interval in months (null: the PH's), and how it follows from the norm. */
    intervaloMeses: z.number().nullable(),
    /** The last inspection covering it, or null. */
    ultimaEm: z.string().nullable(),
    /** The norm's maximum (null when unknown or the PH's). */
    maxima: z.string().nullable(),
    /** The date in force (planned, extended or maximum), or null. */
    data: z.string().nullable(),
    situacao: z.enum(['vencido', 'vencendo', 'em_dia', 'sem_data']),
    explicacao: z.string(),
    /** An approved extension's reason, shown with the date. */
    prorrogacao: z.string().nullable(),
  });
  const resumo = z.object({
    id: z.string(),
    empresaId: z.string(),
    empresaNome: z.string(),
    tipo: z.enum(TIPOS_DE_EQUIPAMENTO),
    tag: z.string(),
    descricao: z.string().nullable(),
    estabelecimento: z.string().nullable(),
    localizacao: z.string().nullable(),
    categoria: z.string().nullable(),
    ativo: z.boolean(),
    proximaData: z.string().nullable(),
    situacao: z.enum(['vencido', 'vencendo', 'em_dia', 'sem_data']),
  });
  const inspecao = z.object({
    id: z.string(),
    tipo: z.enum(['inicial', 'periodica', 'extraordinaria', 'registro_anterior']),
    exames: z.array(z.enum(EXAMES)),
    dataInicio: z.string().nullable(),
    dataFim: z.string(),
    phNome: z.string().nullable(),
    phCrea: z.string().nullable(),
    resultado: z.string().nullable(),
    parecer: z.string().nullable(),
    recomendacoes: z.array(
      z.object({
        descricao: z.string(),
        prazo: z.string().nullable().optional(),
        responsavel: z.string().nullable().optional(),
      }),
    ),
    proximasPlanejadas: z.record(z.string(), z.string()),
    laudoId: z.string().nullable(),
    criadoEm: instante,
  });
  const prorrogacao = z.object({
    id: z.string(),
    exame: z.enum(EXAMES),
    tipo: z.enum(['forca_maior', 'inspecao_nao_intrusiva']),
    meses: z.number(),
    justificativa: z.string(),
    phNome: z.string(),
    phCrea: z.string(),
    avisoSindicatoEm: z.string().nullable(),
    status: z.enum(['solicitada', 'aprovada', 'recusada']),
    decididaEm: instante.nullable(),
    criadoEm: instante,
  });
  const evento = z.object({
    id: z.string(),
    tipo: z.enum(['parada', 'retorno', 'alteracao', 'mudanca_de_local', 'acidente']),
    data: z.string(),
    descricao: z.string().nullable(),
    exigeInspecao: z.boolean(),
    criadoEm: instante,
  });
  /** A laudo of the equipment: an exam's (its next date) or an inspection's report. */
  const documento = z.object({
    id: z.string(),
    nome: z.string(),
    codigo: z.string(),
    exame: z.enum([...EXAMES, 'extraordinaria']).nullable(),
    dataVencimento: z.string().nullable(),
    versao: z.number(),
    arquivoPdfNome: z.string().nullable(),
    arquivoExcelNome: z.string().nullable(),
  });
  const equipamento = resumo.extend({
    pressaoOperacaoKpa: z.number().nullable(),
    pressaoMaximaKpa: z.number().nullable(),
    volumeM3: z.number().nullable(),
    fluido: z.string().nullable(),
    classeFluido: z.enum(['A', 'B', 'C', 'D']).nullable(),
    spie: z.boolean(),
    opcoes: z.record(z.string(), z.boolean()),
    placa: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    dataInstalacao: z.string().nullable(),
    protegeId: z.string().nullable(),
    conexoes: z.array(z.object({ id: z.string(), tag: z.string() })),
    /** How the category was found (or why there is none). */
    classificacao: z.string(),
    exames: z.array(exame),
    inspecoes: z.array(inspecao),
    prorrogacoes: z.array(prorrogacao),
    eventos: z.array(evento),
    documentos: z.array(documento),
  });
  return {
    equipamento,
    resumo,
    lista: z.object({ equipamentos: z.array(resumo) }),
    um: z.object({ equipamento }),
  };
}

export const equipamentosNoServidor = esquemas(z.date());
export const equipamentosNaWeb = esquemas(z.string());
export type Equipamento = z.infer<typeof equipamentosNaWeb.equipamento>;
export type EquipamentoResumo = z.infer<typeof equipamentosNaWeb.resumo>;
