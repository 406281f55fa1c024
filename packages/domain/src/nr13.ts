/**
 * The NR-13 rules the equipment registry computes (issue 23): a pressure vessel's potential-risk
 * group and category, each exam's maximum interval, a boiler's category and interval, piping and
 * safety valves from what they connect to or protect, and the limits of an extension. Every number
 * is data in the tables below, each with the norm's item, so a professional can check it; every
 * result says how it was computed. The text followed is `FONTE_NR13`; ../../docs/nr13.md says what
 * is encoded and what is left to the professional (PH).
 */
import { formatDateBR, isIsoDate } from './dates.ts';

export const FONTE_NR13 =
  'NR-13, texto consolidado pelas Portarias MTP 1.846/2022 e 4.219/2022 (gov.br, "nr-13-atualizada-2023")';

export type ClasseDeFluido = 'A' | 'B' | 'C' | 'D';
export type GrupoDeRisco = 1 | 2 | 3 | 4 | 5;
export type CategoriaDeVaso = 'I' | 'II' | 'III' | 'IV' | 'V';
export type CategoriaDeCaldeira = 'A' | 'B';
export type Exame = 'externo' | 'interno';

export const CLASSES_DE_FLUIDO: Record<ClasseDeFluido, string> = {
  A: 'Classe A: fluidos inflamáveis, hidrogênio, acetileno, fluidos tóxicos',
  B: 'Classe B: fluidos combustíveis abaixo de 200 °C e fluidos tóxicos com limite de tolerância acima de 20 ppm',
  C: 'Classe C: vapor de água, gases asfixiantes simples, ar comprimido',
  D: 'Classe D: outros fluidos (por exemplo, água)',
};

/**
 * The potential-risk groups by P·V (P in MPa, V in m³), item 13.5.1.1.3. The 2022 text prints strict
 * signs, so a product exactly at 100, 30, 2,5 or 1 falls in no group; this product puts it in the
 * higher-risk group (the 2019 text's ≥), which never gives a later deadline.
 */
export const GRUPOS_DE_RISCO: readonly { grupo: GrupoDeRisco; pvMinimo: number; faixa: string }[] = [
  { grupo: 1, pvMinimo: 100, faixa: 'P·V ≥ 100' },
  { grupo: 2, pvMinimo: 30, faixa: '30 ≤ P·V < 100' },
  { grupo: 3, pvMinimo: 2.5, faixa: '2,5 ≤ P·V < 30' },
  { grupo: 4, pvMinimo: 1, faixa: '1 ≤ P·V < 2,5' },
  { grupo: 5, pvMinimo: 0, faixa: 'P·V < 1' },
];

/** Tabela 1 (13.5.1.1.3): the category of a vessel by fluid class (rows) and group (columns 1–5). */
export const TABELA_1: Record<
  ClasseDeFluido,
  readonly [CategoriaDeVaso, CategoriaDeVaso, CategoriaDeVaso, CategoriaDeVaso, CategoriaDeVaso]
> = {
  A: ['I', 'I', 'II', 'III', 'III'],
  B: ['I', 'II', 'III', 'IV', 'IV'],
  C: ['I', 'II', 'III', 'IV', 'V'],
  D: ['II', 'III', 'IV', 'V', 'V'],
};

/**
 * Tabela 2 (13.5.4.5): each exam's maximum interval in years, without and with a SPIE (Serviço
 * Próprio de Inspeção de Equipamentos). `null`: at the PH's discretion (category V, internal, SPIE).
 */
export const TABELA_2: Record<
  CategoriaDeVaso,
  { externoSemSpie: number; internoSemSpie: number; externoComSpie: number; internoComSpie: number | null }
> = {
  I: { externoSemSpie: 1, internoSemSpie: 3, externoComSpie: 3, internoComSpie: 6 },
  II: { externoSemSpie: 2, internoSemSpie: 4, externoComSpie: 4, internoComSpie: 8 },
  III: { externoSemSpie: 3, internoSemSpie: 6, externoComSpie: 5, internoComSpie: 10 },
  IV: { externoSemSpie: 4, internoSemSpie: 8, externoComSpie: 6, internoComSpie: 12 },
  V: { externoSemSpie: 5, internoSemSpie: 10, externoComSpie: 7, internoComSpie: null },
};

/** Special cases of vessels (13.5.4.8 and 13.5.1.6.1), as intervals in years. */
export const CASOS_ESPECIAIS_DE_VASO = {
  abaixoDeZero: { item: '13.5.4.8', externo: 2 },
  semCodigoAntesDe2018: { item: '13.5.1.6.1', externo: 1, interno: 3 },
  serieCategoriasIVeV: { item: '13.5.4.4', categorias: ['IV', 'V'] as CategoriaDeVaso[] },
} as const;

/** A boiler is in scope above 60 kPa (and 100 L); category A from 1.960 kPa (13.4.1.1). */
export const LIMITES_DE_CALDEIRA = { pressaoMinimaKpa: 60, categoriaAKpa: 1960, volumeMinimoLitros: 100 };

/**
 * The boiler's periodic safety inspection, in months (13.4.4.4 and 13.4.4.5): per category, without
 * and with SPIE, with the options that extend it.
 */
export const TABELA_CALDEIRAS = {
  A: {
    semSpie: { meses: 12, comValvulasTestadas: 24 },
    comSpie: { meses: 30, comSisAnexoIV: 48 },
  },
  B: {
    semSpie: { meses: 12, comSgcAnexoIV: 30 },
    comSpie: { meses: 24 },
  },
  recuperacaoDeAlcalis: { semSpie: 18, comSpie: 24 },
  item: '13.4.4.4',
} as const;

/** Piping: its most critical connection's internal exam; the PH may double it, up to 10 years (13.6.2.2). */
export const LIMITE_TUBULACAO_DOBRADA_MESES = 120;

/** The extensions (postergação) and their limits. */
export const PRORROGACOES = {
  forca_maior: { item: '13.3.1.1', mesesMaximos: 6, descricao: 'Força maior' },
  inspecao_nao_intrusiva: {
    item: '13.5.4.5.3',
    fracaoDoIntervalo: 0.5,
    descricao: 'Inspeção não intrusiva (exame interno, com SPIE)',
  },
} as const;
export type TipoDeProrrogacao = keyof typeof PRORROGACOES;

/** An interval with how it was found: the months (null: at the PH's discretion) and the reason. */
export interface Prazo {
  meses: number | null;
  explicacao: string;
}

const numero = (n: number, casas = 2) =>
  n.toLocaleString('pt-BR', { maximumFractionDigits: casas, minimumFractionDigits: 0 });
const anos = (n: number) => (n === 1 ? '1 ano' : `${n} anos`);
const meses = (n: number) => (n % 12 === 0 ? anos(n / 12) : n === 1 ? '1 mês' : `${n} meses`);

export class EntradaNr13Invalida extends Error {}

/** The group of P·V (P in MPa, V in m³), exact boundaries in the higher-risk group. */
export function grupoDeRisco(pressaoMpa: number, volumeM3: number): { grupo: GrupoDeRisco; pv: number } {
  if (!(Number.isFinite(pressaoMpa) && pressaoMpa > 0) || !(Number.isFinite(volumeM3) && volumeM3 > 0))
    throw new EntradaNr13Invalida('Pressão e volume devem ser números maiores que zero.');
  const pv = pressaoMpa * volumeM3;
  const faixa = GRUPOS_DE_RISCO.find((g) => pv >= g.pvMinimo)!;
  return { grupo: faixa.grupo, pv };
}

export interface ClassificacaoDeVaso {
  grupo: GrupoDeRisco;
  pv: number;
  classe: ClasseDeFluido;
  categoria: CategoriaDeVaso;
  /** P·V fell exactly on a boundary of 13.5.1.1.3 (and was put in the higher-risk group). */
  naFronteira: boolean;
  explicacao: string;
}

/** A vessel's category (Tabela 1) from its maximum operating pressure, volume and fluid class. */
export function classificarVaso(entrada: {
  pressaoMaximaMpa: number;
  volumeM3: number;
  classe: ClasseDeFluido;
}): ClassificacaoDeVaso {
  const { grupo, pv } = grupoDeRisco(entrada.pressaoMaximaMpa, entrada.volumeM3);
  const categoria = TABELA_1[entrada.classe][grupo - 1]!;
  const naFronteira = GRUPOS_DE_RISCO.some((g) => g.pvMinimo > 0 && g.pvMinimo === pv);
  const fronteira = naFronteira ? '; P·V exatamente no limite, considerado o grupo de maior risco' : '';
  return {
    grupo,
    pv,
    classe: entrada.classe,
    categoria,
    naFronteira,
    explicacao: `Categoria ${categoria} (classe ${entrada.classe}, P·V = ${numero(pv)} → grupo ${grupo}${fronteira}) — NR-13 13.5.1.1.3, Tabela 1`,
  };
}

export interface OpcoesDeVaso {
  categoria: CategoriaDeVaso;
  spie: boolean;
  /** Operates below 0 °C (13.5.4.8). */
  abaixoDeZero?: boolean;
  /** Built without a construction code and installed before 2018 (13.5.1.6.1). */
  semCodigoAntesDe2018?: boolean;
}

/**
 * The maximum interval of a vessel's exam. A special case only ever shortens Tabela 2's interval:
 * the product never computes a deadline later than the table's (docs/nr13.md).
 */
export function prazoDoVaso(exame: Exame, o: OpcoesDeVaso): Prazo {
  const linha = TABELA_2[o.categoria];
  const anosDaTabela =
    exame === 'externo'
      ? o.spie
        ? linha.externoComSpie
        : linha.externoSemSpie
      : o.spie
        ? linha.internoComSpie
        : linha.internoSemSpie;
  const comSpie = o.spie ? 'com SPIE' : 'sem SPIE';
  let prazo: Prazo =
    anosDaTabela === null
      ? {
          meses: null,
          explicacao: `Exame ${exame} a critério do profissional habilitado (categoria ${o.categoria}, ${comSpie}) — NR-13 13.5.4.5, Tabela 2`,
        }
      : {
          meses: anosDaTabela * 12,
          explicacao: `Exame ${exame} a cada ${anos(anosDaTabela)} (categoria ${o.categoria}, ${comSpie}) — NR-13 13.5.4.5, Tabela 2`,
        };
  const encurtar = (anosEspeciais: number, porque: string) => {
    if (prazo.meses === null || anosEspeciais * 12 < prazo.meses)
      prazo = {
        meses: anosEspeciais * 12,
        explicacao: `Exame ${exame} a cada ${anos(anosEspeciais)} (${porque})`,
      };
  };
  if (o.semCodigoAntesDe2018) {
    const c = CASOS_ESPECIAIS_DE_VASO.semCodigoAntesDe2018;
    encurtar(
      exame === 'externo' ? c.externo : c.interno,
      `vaso sem código de projeto instalado antes de 2018 — NR-13 ${c.item}`,
    );
  }
  if (o.abaixoDeZero && exame === 'externo') {
    const c = CASOS_ESPECIAIS_DE_VASO.abaixoDeZero;
    encurtar(c.externo, `operação abaixo de 0 °C — NR-13 ${c.item}`);
  }
  return prazo;
}

/** A series-produced category IV or V vessel counts its first deadline from installation (13.5.4.4). */
export function contaDaInstalacao(categoria: CategoriaDeVaso, fabricadoEmSerie: boolean): boolean {
  return fabricadoEmSerie && CASOS_ESPECIAIS_DE_VASO.serieCategoriasIVeV.categorias.includes(categoria);
}

/** A boiler's category by operating pressure (kPa); null when it is not a boiler of NR-13 (≤ 60 kPa). */
export function categoriaDaCaldeira(pressaoOperacaoKpa: number): CategoriaDeCaldeira | null {
  if (!Number.isFinite(pressaoOperacaoKpa) || pressaoOperacaoKpa < 0)
    throw new EntradaNr13Invalida('A pressão de operação deve ser um número maior ou igual a zero.');
  if (pressaoOperacaoKpa <= LIMITES_DE_CALDEIRA.pressaoMinimaKpa) return null;
  return pressaoOperacaoKpa >= LIMITES_DE_CALDEIRA.categoriaAKpa ? 'A' : 'B';
}

export interface OpcoesDeCaldeira {
  categoria: CategoriaDeCaldeira;
  spie: boolean;
  recuperacaoDeAlcalis?: boolean;
  /** Category A without SPIE: the safety valves' opening pressures tested at 12 months (24 months). */
  valvulasTestadasEm12Meses?: boolean;
  /** Category A with SPIE: SIS under Anexo IV (48 months). */
  sisAnexoIV?: boolean;
  /** Category B without SPIE: SGC under Anexo IV (30 months). */
  sgcAnexoIV?: boolean;
}

/** A boiler's periodic safety inspection (internal and external exams together). */
export function prazoDaCaldeira(o: OpcoesDeCaldeira): Prazo {
  const t = TABELA_CALDEIRAS;
  const comSpie = o.spie ? 'com SPIE' : 'sem SPIE';
  const item = `NR-13 ${t.item}`;
  if (o.recuperacaoDeAlcalis) {
    const m = o.spie ? t.recuperacaoDeAlcalis.comSpie : t.recuperacaoDeAlcalis.semSpie;
    return {
      meses: m,
      explicacao: `Inspeção de segurança a cada ${meses(m)} (caldeira de recuperação de álcalis, ${comSpie}) — ${item}`,
    };
  }
  let m: number;
  let opcao = '';
  if (o.categoria === 'A') {
    if (o.spie) {
      m = o.sisAnexoIV ? t.A.comSpie.comSisAnexoIV : t.A.comSpie.meses;
      if (o.sisAnexoIV) opcao = ', com SIS conforme o Anexo IV';
    } else {
      m = o.valvulasTestadasEm12Meses ? t.A.semSpie.comValvulasTestadas : t.A.semSpie.meses;
      if (o.valvulasTestadasEm12Meses) opcao = ', pressões de abertura das válvulas testadas aos 12 meses';
    }
  } else if (o.spie) m = t.B.comSpie.meses;
  else {
    m = o.sgcAnexoIV ? t.B.semSpie.comSgcAnexoIV : t.B.semSpie.meses;
    if (o.sgcAnexoIV) opcao = ', com SGC conforme o Anexo IV';
  }
  return {
    meses: m,
    explicacao: `Inspeção de segurança a cada ${meses(m)} (caldeira categoria ${o.categoria}, ${comSpie}${opcao}) — ${item}`,
  };
}

/** Something piping connects to: a vessel's internal exam or a boiler's inspection, with its name. */
export interface Conexao {
  tag: string;
  prazo: Prazo;
}

/**
 * Piping follows the shortest internal-exam interval of the vessels and boilers it connects to;
 * the PH may double it with technical grounds, up to 10 years (13.6.2.2).
 */
export function prazoDaTubulacao(conexoes: Conexao[], dobradoPeloPh = false): Prazo {
  const definidas = conexoes.filter(
    (c): c is Conexao & { prazo: { meses: number } } => c.prazo.meses !== null,
  );
  if (definidas.length === 0)
    return {
      meses: null,
      explicacao:
        'Sem vaso ou caldeira ligada com prazo definido: prazo a critério do profissional habilitado — NR-13 13.6.2.2',
    };
  const critica = definidas.reduce((a, b) => (b.prazo.meses < a.prazo.meses ? b : a));
  const base = critica.prazo.meses;
  if (dobradoPeloPh) {
    const m = Math.min(base * 2, LIMITE_TUBULACAO_DOBRADA_MESES);
    return {
      meses: m,
      explicacao: `A cada ${meses(m)}: o dobro do prazo de ${critica.tag} (${meses(base)}), limitado a 10 anos, com fundamentação do profissional habilitado — NR-13 13.6.2.2`,
    };
  }
  return {
    meses: base,
    explicacao: `A cada ${meses(base)}: o prazo de exame interno do equipamento mais crítico ligado, ${critica.tag} — NR-13 13.6.2.2`,
  };
}

/** A safety device follows the equipment it protects (13.5.4.9 vessels, 13.6.1.2 piping, 13.4.4.7 boilers). */
export function prazoDoDispositivo(protegido: {
  tipo: 'vaso' | 'tubulacao' | 'caldeira' | 'tanque';
  tag: string;
  prazo: Prazo;
}): Prazo {
  const item = { vaso: '13.5.4.9', tubulacao: '13.6.1.2', caldeira: '13.4.4.7', tanque: '13.7.3.2' }[
    protegido.tipo
  ];
  if (protegido.tipo === 'tanque' || protegido.prazo.meses === null)
    return {
      meses: null,
      explicacao: `Conforme o plano de manutenção de ${protegido.tag} — NR-13 ${item}`,
    };
  return {
    meses: protegido.prazo.meses,
    explicacao: `A cada ${meses(protegido.prazo.meses)}, no máximo o prazo de ${protegido.tag} — NR-13 ${item}`,
  };
}

/** Tanks: no fixed interval; the responsible engineer's inspection programme decides (13.7.3.2). */
export const PRAZO_DO_TANQUE: Prazo = {
  meses: null,
  explicacao:
    'Conforme o programa de inspeção do profissional responsável — NR-13 13.7.3.2 (tanques no escopo a partir de 04/07/2026, 13.2.1f)',
};

/** A calendar day plus whole months; the 31st of a shorter month is its last day. */
export function somarMeses(dia: string, n: number): string {
  if (!isIsoDate(dia)) throw new EntradaNr13Invalida(`Data inválida: ${dia}`);
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  const total = a * 12 + (m - 1) + n;
  const ano = Math.floor(total / 12);
  const mes = (total % 12) + 1;
  const ultimo = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  return `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${String(Math.min(d, ultimo)).padStart(2, '0')}`;
}

/** The most an extension of a kind may add, in months, for an exam of `intervaloMeses`. */
export function limiteDaProrrogacao(tipo: TipoDeProrrogacao, intervaloMeses: number | null): number | null {
  if (tipo === 'forca_maior') return PRORROGACOES.forca_maior.mesesMaximos;
  if (intervaloMeses === null) return null;
  return Math.floor(intervaloMeses * PRORROGACOES.inspecao_nao_intrusiva.fracaoDoIntervalo);
}

/**
 * Why an extension request is refused, or null when it may be recorded: the kind's limit, and the
 * non-intrusive route only for a vessel's internal exam under a SPIE (13.5.4.5.3).
 */
export function problemaDaProrrogacao(p: {
  tipo: TipoDeProrrogacao;
  meses: number;
  intervaloMeses: number | null;
  equipamento: 'vaso' | 'caldeira' | 'tubulacao' | 'tanque' | 'dispositivo';
  exame: Exame | 'inspecao';
  spie: boolean;
}): string | null {
  if (!Number.isInteger(p.meses) || p.meses < 1) return 'A prorrogação deve ser de pelo menos 1 mês.';
  if (p.tipo === 'inspecao_nao_intrusiva') {
    if (p.equipamento !== 'vaso' || p.exame !== 'interno' || !p.spie)
      return 'A inspeção não intrusiva só prorroga o exame interno de vasos de pressão de empresas com SPIE (NR-13 13.5.4.5.3).';
  }
  const limite = limiteDaProrrogacao(p.tipo, p.intervaloMeses);
  if (limite === null) return 'Este exame não tem prazo definido pela norma para prorrogar.';
  if (p.meses > limite) {
    const item = PRORROGACOES[p.tipo].item;
    return p.tipo === 'forca_maior'
      ? `Prorrogação por força maior de no máximo ${meses(limite)} (NR-13 ${item}).`
      : `Prorrogação por inspeção não intrusiva de no máximo metade do intervalo: ${meses(limite)} (NR-13 ${item}).`;
  }
  return null;
}

export interface ProrrogacaoAprovada {
  tipo: TipoDeProrrogacao;
  meses: number;
  justificativa: string;
}

export interface ProximaData {
  /** The norm's maximum: base + interval (null when the interval is the PH's). */
  maxima: string | null;
  /** The date in force: the planned one when earlier, else the maximum moved by an approved extension. */
  data: string | null;
  explicacao: string;
}

/**
 * An exam's next date: at most `base` (the last inspection, or the installation) plus the interval;
 * a planned date may be earlier, never later; an approved extension moves the maximum by its months
 * (within its kind's limit) and its reason goes with the date.
 */
export function proximaData(p: {
  base: string;
  prazo: Prazo;
  planejada?: string | null;
  prorrogacao?: ProrrogacaoAprovada | null;
}): ProximaData {
  if (!isIsoDate(p.base)) throw new EntradaNr13Invalida(`Data inválida: ${p.base}`);
  if (p.prazo.meses === null) {
    const planejada = p.planejada && isIsoDate(p.planejada) ? p.planejada : null;
    return { maxima: null, data: planejada, explicacao: p.prazo.explicacao };
  }
  const maxima = somarMeses(p.base, p.prazo.meses);
  let limite = maxima;
  let explicacao = `${p.prazo.explicacao}; desde ${formatDateBR(p.base)}`;
  if (p.prorrogacao) {
    const teto = limiteDaProrrogacao(p.prorrogacao.tipo, p.prazo.meses) ?? 0;
    const m = Math.min(p.prorrogacao.meses, teto);
    limite = somarMeses(maxima, m);
    explicacao += `; prorrogado em ${meses(m)} (${PRORROGACOES[p.prorrogacao.tipo].descricao}, NR-13 ${PRORROGACOES[p.prorrogacao.tipo].item}): ${p.prorrogacao.justificativa}`;
  }
  const data = p.planejada && isIsoDate(p.planejada) && p.planejada < limite ? p.planejada : limite;
  if (data !== limite) explicacao += `; planejado para ${formatDateBR(data)}, antes do prazo máximo`;
  return { maxima, data, explicacao };
}

/** The day after which an idle vessel or piping needs an extraordinary inspection before restarting. */
export const PARADA_MAXIMA_MESES = { caldeira: 6, vaso: 12, tubulacao: 12, tubulacaoHibernada: 24 } as const;

/** Whether a restart after idling since `parouEm` needs an extraordinary inspection (13.4.4.10, 13.5.4.10, 13.6.2). */
export function exigeInspecaoExtraordinaria(
  tipo: keyof typeof PARADA_MAXIMA_MESES,
  parouEm: string,
  retornoEm: string,
): boolean {
  return retornoEm > somarMeses(parouEm, PARADA_MAXIMA_MESES[tipo]);
}

/** A day of the norm's validity check: a planned date past the maximum needs an extension. */
export function dataPlanejadaPermitida(
  planejada: string,
  maxima: string | null,
  prorrogada: string | null,
): boolean {
  if (maxima === null) return true;
  return planejada <= (prorrogada ?? maxima);
}
