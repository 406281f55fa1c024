import {
  type CategoriaDeVaso,
  type ClasseDeFluido,
  categoriaDaCaldeira,
  classificarVaso,
  contaDaInstalacao,
  DIAS_ALERTA_VENCIMENTO,
  daysBetween,
  EntradaNr13Invalida,
  formatDateBR,
  PRAZO_DO_TANQUE,
  PRORROGACOES,
  type Prazo,
  prazoDaCaldeira,
  prazoDaTubulacao,
  prazoDoDispositivo,
  prazoDoVaso,
  proximaData,
} from '@laudos/domain';
import {
  EXAMES_DO_TIPO,
  type ExameDeEquipamento,
  NOMES_DOS_EXAMES,
  type TipoDeEquipamento,
} from '@laudos/domain/api';

/**
 * From an equipment's rows to its category and each exam's next date, with the NR-13 rules of
 * packages/domain/src/nr13.ts. Pure: the service loads the rows and writes the result
 * (`equipamento_exames`) in the transaction of the change.
 */

export interface DadosDoEquipamento {
  tipo: TipoDeEquipamento;
  pressaoOperacaoKpa: number | null;
  pressaoMaximaKpa: number | null;
  volumeM3: number | null;
  classeFluido: ClasseDeFluido | null;
  spie: boolean;
  opcoes: Record<string, boolean>;
  dataInstalacao: string | null;
}

export interface InspecaoRegistrada {
  tipo: string;
  exames: string[];
  dataFim: string;
  proximasPlanejadas: Record<string, string>;
  criadoEm: Date;
}

export interface ProrrogacaoRegistrada {
  exame: string;
  tipo: 'forca_maior' | 'inspecao_nao_intrusiva';
  meses: number;
  justificativa: string;
  status: string;
  decididaEm: Date | null;
}

export interface EventoRegistrado {
  tipo: string;
  data: string;
  exigeInspecao: boolean;
}

/** What a piping or a safety device follows: the linked equipment's tag, type and its exams' intervals. */
export interface Ligado {
  tag: string;
  tipo: TipoDeEquipamento;
  intervalos: Partial<Record<ExameDeEquipamento, number | null>>;
}

export interface ExameCalculado {
  exame: ExameDeEquipamento | 'extraordinaria';
  intervaloMeses: number | null;
  ultimaEm: string | null;
  maxima: string | null;
  data: string | null;
  explicacao: string;
  prorrogacao: string | null;
}

export interface Calculo {
  categoria: string | null;
  classificacao: string;
  exames: ExameCalculado[];
  proximaData: string | null;
}

const kpaParaMpa = (kpa: number) => kpa / 1000;

/** The category and how it was found, or why there is none yet. */
export function classificar(e: DadosDoEquipamento): { categoria: string | null; classificacao: string } {
  if (e.tipo === 'vaso') {
    if (e.pressaoMaximaKpa === null || e.volumeM3 === null || e.classeFluido === null)
      return {
        categoria: null,
        classificacao:
          'Informe a pressão máxima de operação, o volume e a classe do fluido para classificar o vaso (NR-13 13.5.1.1.3).',
      };
    try {
      const c = classificarVaso({
        pressaoMaximaMpa: kpaParaMpa(e.pressaoMaximaKpa),
        volumeM3: e.volumeM3,
        classe: e.classeFluido,
      });
      return { categoria: c.categoria, classificacao: c.explicacao };
    } catch (err) {
      // Values stored before the entry's bounds (or rounded to zero): no category, and why.
      if (err instanceof EntradaNr13Invalida) return { categoria: null, classificacao: err.message };
      throw err;
    }
  }
  if (e.tipo === 'caldeira') {
    if (e.pressaoOperacaoKpa === null)
      return {
        categoria: null,
        classificacao: 'Informe a pressão de operação para classificar a caldeira (NR-13 13.4.1.1).',
      };
    const categoria = categoriaDaCaldeira(e.pressaoOperacaoKpa);
    if (!categoria)
      return {
        categoria: null,
        classificacao:
          'Pressão de operação até 60 kPa: fora do campo de aplicação de caldeiras da NR-13 (13.4.1.1).',
      };
    return {
      categoria,
      classificacao: `Categoria ${categoria} (pressão de operação ${e.pressaoOperacaoKpa.toLocaleString('pt-BR')} kPa ${
        categoria === 'A' ? '≥ 1.960 kPa' : 'entre 60 e 1.960 kPa'
      }) — NR-13 13.4.1.1`,
    };
  }
  if (e.tipo === 'tubulacao')
    return {
      categoria: null,
      classificacao: 'Tubulações seguem o equipamento mais crítico a que se ligam (NR-13 13.6.2.2).',
    };
  if (e.tipo === 'tanque') return { categoria: null, classificacao: PRAZO_DO_TANQUE.explicacao };
  return { categoria: null, classificacao: 'Dispositivos de segurança seguem o equipamento que protegem.' };
}

/** Each exam's interval, from the norm's tables (and, for piping and devices, what they link to). */
export function intervalos(
  e: DadosDoEquipamento,
  categoria: string | null,
  ligados: { conexoes: Ligado[]; protegido: Ligado | null },
): Partial<Record<ExameDeEquipamento, Prazo>> {
  const o = e.opcoes;
  switch (e.tipo) {
    case 'vaso': {
      if (!categoria) return {};
      const opcoes = {
        categoria: categoria as CategoriaDeVaso,
        spie: e.spie,
        abaixoDeZero: o.abaixoDeZero,
        semCodigoAntesDe2018: o.semCodigoAntesDe2018,
      };
      return { externo: prazoDoVaso('externo', opcoes), interno: prazoDoVaso('interno', opcoes) };
    }
    case 'caldeira':
      if (categoria !== 'A' && categoria !== 'B') return {};
      return {
        seguranca: prazoDaCaldeira({
          categoria,
          spie: e.spie,
          recuperacaoDeAlcalis: o.recuperacaoDeAlcalis,
          valvulasTestadasEm12Meses: o.valvulasTestadasEm12Meses,
          sisAnexoIV: o.sisAnexoIV,
          sgcAnexoIV: o.sgcAnexoIV,
        }),
      };
    case 'tubulacao':
      return {
        periodica: prazoDaTubulacao(
          ligados.conexoes.map((c) => ({
            tag: c.tag,
            prazo: { meses: c.intervalos.interno ?? c.intervalos.seguranca ?? null, explicacao: '' },
          })),
          o.dobradoPeloPh,
        ),
      };
    case 'tanque':
      return { periodica: PRAZO_DO_TANQUE };
    case 'dispositivo': {
      const p = ligados.protegido;
      if (!p)
        return {
          periodica: {
            meses: null,
            explicacao: 'Indique o equipamento que o dispositivo protege para calcular o prazo.',
          },
        };
      const meses =
        p.tipo === 'vaso'
          ? p.intervalos.interno
          : p.tipo === 'caldeira'
            ? p.intervalos.seguranca
            : p.tipo === 'tubulacao'
              ? p.intervalos.periodica
              : null;
      const tipo = p.tipo === 'dispositivo' ? 'tanque' : p.tipo;
      return {
        periodica: prazoDoDispositivo({ tipo, tag: p.tag, prazo: { meses: meses ?? null, explicacao: '' } }),
      };
    }
  }
}

/** The extraordinary-inspection items of the norm, by type (NR13.md). */
const ITEM_EXTRAORDINARIA: Partial<Record<TipoDeEquipamento, string>> = {
  caldeira: '13.4.4.10',
  vaso: '13.5.4.10',
};
const MOTIVOS: Record<string, string> = {
  retorno: 'retorno após parada além do limite',
  alteracao: 'alteração ou reparo importante',
  mudanca_de_local: 'mudança de local de instalação',
  acidente: 'dano por acidente',
};

/** The category, each exam's next date and the earliest of them. */
export function calcular(
  e: DadosDoEquipamento,
  inspecoes: InspecaoRegistrada[],
  prorrogacoes: ProrrogacaoRegistrada[],
  eventos: EventoRegistrado[],
  ligados: { conexoes: Ligado[]; protegido: Ligado | null },
): Calculo {
  const { categoria, classificacao } = classificar(e);
  const prazos = intervalos(e, categoria, ligados);
  const exames: ExameCalculado[] = [];
  for (const exame of EXAMES_DO_TIPO[e.tipo]) {
    const prazo = prazos[exame];
    const nome = NOMES_DOS_EXAMES[exame];
    if (!prazo) {
      exames.push({
        exame,
        intervaloMeses: null,
        ultimaEm: null,
        maxima: null,
        data: null,
        explicacao: `${nome}: ${classificacao}`,
        prorrogacao: null,
      });
      continue;
    }
    const ultima = inspecoes
      .filter((i) => i.exames.includes(exame))
      .sort((a, b) => (a.dataFim === b.dataFim ? +a.criadoEm - +b.criadoEm : a.dataFim < b.dataFim ? -1 : 1))
      .at(-1);
    const serie =
      e.tipo === 'vaso' &&
      categoria &&
      contaDaInstalacao(categoria as CategoriaDeVaso, Boolean(e.opcoes.fabricadoEmSerie));
    const base = ultima?.dataFim ?? (serie ? e.dataInstalacao : null);
    if (!base) {
      exames.push({
        exame,
        intervaloMeses: prazo.meses,
        ultimaEm: null,
        maxima: null,
        data: null,
        explicacao: `${prazo.explicacao}. Nenhuma inspeção registrada: registre a última para calcular a próxima data.`,
        prorrogacao: null,
      });
      continue;
    }
    // An approved extension counts for the cycle after the last inspection (a later inspection ends it).
    const ext = prorrogacoes
      .filter(
        (p) =>
          p.exame === exame &&
          p.status === 'aprovada' &&
          p.decididaEm &&
          (!ultima || p.decididaEm > ultima.criadoEm),
      )
      .at(-1);
    const r = proximaData({
      base,
      prazo,
      planejada: ultima?.proximasPlanejadas[exame] ?? null,
      prorrogacao: ext ? { tipo: ext.tipo, meses: ext.meses, justificativa: ext.justificativa } : null,
    });
    const explicacaoDaBase = ultima
      ? r.explicacao
      : `${r.explicacao} (data de instalação: vaso fabricado em série, NR-13 13.5.4.4)`;
    exames.push({
      exame,
      intervaloMeses: prazo.meses,
      ultimaEm: ultima?.dataFim ?? null,
      maxima: r.maxima,
      data: r.data,
      explicacao: explicacaoDaBase,
      prorrogacao: ext
        ? `Prorrogado (${PRORROGACOES[ext.tipo].descricao}, NR-13 ${PRORROGACOES[ext.tipo].item}): ${ext.justificativa}`
        : null,
    });
  }
  // An accident, an alteration, a move or a long idle period: an extraordinary inspection, due at once,
  // until an extraordinary inspection is recorded on or after it.
  const pendente = eventos
    .filter((ev) => ev.exigeInspecao)
    .filter((ev) => !inspecoes.some((i) => i.tipo === 'extraordinaria' && i.dataFim >= ev.data))
    .sort((a, b) => (a.data < b.data ? -1 : 1))[0];
  if (pendente) {
    const item = ITEM_EXTRAORDINARIA[e.tipo];
    exames.push({
      exame: 'extraordinaria',
      intervaloMeses: null,
      ultimaEm: null,
      maxima: pendente.data,
      data: pendente.data,
      explicacao: `Inspeção extraordinária: ${MOTIVOS[pendente.tipo] ?? pendente.tipo} em ${formatDateBR(pendente.data)}${
        item ? ` — NR-13 ${item}` : ''
      }`,
      prorrogacao: null,
    });
  }
  const datas = exames.map((x) => x.data).filter((d): d is string => d !== null);
  return { categoria, classificacao, exames, proximaData: datas.length ? datas.sort()[0]! : null };
}

export type Situacao = 'vencido' | 'vencendo' | 'em_dia' | 'sem_data';

/** Overdue, due within the alert window (30 days), later, or without a date. */
export function situacaoDe(data: string | null, hoje: string): Situacao {
  if (!data) return 'sem_data';
  const dias = daysBetween(hoje, data);
  return dias < 0 ? 'vencido' : dias <= DIAS_ALERTA_VENCIMENTO ? 'vencendo' : 'em_dia';
}
