import {
  type ClasseDeFluido,
  categoriaDaCaldeira,
  classificarVaso,
  contaDaInstalacao,
  EntradaNr13Invalida,
  LIMITES_DE_CALDEIRA,
  PRAZO_DO_TANQUE,
  prazoDaCaldeira,
  prazoDaTubulacao,
  prazoDoDispositivo,
  prazoDoVaso,
} from '@laudos/domain';
import type { ExameDeEquipamento } from '@laudos/domain/api';
import type { Equipamento, TipoDeEquipamento } from '../api/equipamento';

/** An equipment piping connects to or a device protects: its tag, type and each exam's interval. */
export type Ligado = {
  tag: string;
  tipo: TipoDeEquipamento;
  intervalos: Partial<Record<ExameDeEquipamento, number | null>>;
};

export function ligadoDe(e: Equipamento): Ligado {
  const intervalos: Ligado['intervalos'] = {};
  for (const x of e.exames) if (x.exame !== 'extraordinaria') intervalos[x.exame] = x.intervaloMeses;
  return { tag: e.tag, tipo: e.tipo, intervalos };
}

/** What the form knows while it is typed; numbers already parsed (null when empty or invalid). */
export type DadosParaClassificar = {
  tipo: TipoDeEquipamento;
  pressaoMaximaKpa: number | null;
  pressaoOperacaoKpa: number | null;
  volumeM3: number | null;
  classeFluido: ClasseDeFluido | null;
  spie: boolean;
  opcoes: Partial<Record<string, boolean>>;
  /** Piping: the equipment it connects; a safety device: the one it protects (first). */
  ligados: readonly Ligado[];
};

export type ClassificacaoAoVivo = {
  /** The category's line ("Categoria III (classe B, P·V = 12,4 → grupo 3) — …"), or what is missing. */
  categoria: string;
  /** One line per exam: its interval and the norm's item. */
  exames: string[];
};

/**
 * The category and each exam's interval, computed in the browser with the same domain functions
 * the server uses (packages/domain/src/nr13.ts), so the form explains the result before saving.
 * Pressures are typed in kPa; the vessel rule takes MPa.
 */
export function classificarAoVivo(d: DadosParaClassificar): ClassificacaoAoVivo {
  try {
    return classificarOuFalhar(d);
  } catch (erro) {
    // A value the rules refuse (a pressure that rounds to zero): say so instead of breaking the form.
    if (erro instanceof EntradaNr13Invalida) return { categoria: erro.message, exames: [] };
    throw erro;
  }
}

function classificarOuFalhar(d: DadosParaClassificar): ClassificacaoAoVivo {
  if (d.tipo === 'vaso') {
    if (d.pressaoMaximaKpa === null || d.volumeM3 === null || d.classeFluido === null)
      return {
        categoria:
          'Informe a pressão máxima de operação, o volume e a classe do fluido para classificar o vaso (NR-13 13.5.1.1.3).',
        exames: [],
      };
    const c = classificarVaso({
      pressaoMaximaMpa: d.pressaoMaximaKpa / 1000,
      volumeM3: d.volumeM3,
      classe: d.classeFluido,
    });
    const opcoes = {
      categoria: c.categoria,
      spie: d.spie,
      abaixoDeZero: Boolean(d.opcoes.abaixoDeZero),
      semCodigoAntesDe2018: Boolean(d.opcoes.semCodigoAntesDe2018),
    };
    const exames = [prazoDoVaso('externo', opcoes).explicacao, prazoDoVaso('interno', opcoes).explicacao];
    if (contaDaInstalacao(c.categoria, Boolean(d.opcoes.fabricadoEmSerie)))
      exames.push(
        'Fabricado em série, categoria IV ou V: o primeiro prazo conta da instalação — NR-13 13.5.4.4',
      );
    return { categoria: c.explicacao, exames };
  }
  if (d.tipo === 'caldeira') {
    if (d.pressaoOperacaoKpa === null)
      return {
        categoria: 'Informe a pressão de operação para classificar a caldeira (NR-13 13.4.1.1).',
        exames: [],
      };
    const categoria = categoriaDaCaldeira(d.pressaoOperacaoKpa);
    if (categoria === null)
      return {
        categoria: `Pressão de operação até ${LIMITES_DE_CALDEIRA.pressaoMinimaKpa} kPa: fora do campo de aplicação de caldeiras da NR-13 (13.4.1.1).`,
        exames: [],
      };
    const prazo = prazoDaCaldeira({
      categoria,
      spie: d.spie,
      recuperacaoDeAlcalis: Boolean(d.opcoes.recuperacaoDeAlcalis),
      valvulasTestadasEm12Meses: Boolean(d.opcoes.valvulasTestadasEm12Meses),
      sisAnexoIV: Boolean(d.opcoes.sisAnexoIV),
      sgcAnexoIV: Boolean(d.opcoes.sgcAnexoIV),
    });
    // The server's wording (modules/equipamentos/prazos.ts), so the saved page says the same.
    const faixa = categoria === 'A' ? '≥ 1.960 kPa' : 'entre 60 e 1.960 kPa';
    return {
      categoria: `Categoria ${categoria} (pressão de operação ${d.pressaoOperacaoKpa.toLocaleString('pt-BR')} kPa ${faixa}) — NR-13 13.4.1.1`,
      exames: [prazo.explicacao],
    };
  }
  // The same choice of interval as the server (apps/server/src/modules/equipamentos/prazos.ts).
  if (d.tipo === 'tubulacao')
    return {
      categoria: 'Tubulações seguem o equipamento mais crítico a que se ligam (NR-13 13.6.2.2).',
      exames: [
        prazoDaTubulacao(
          d.ligados.map((c) => ({
            tag: c.tag,
            prazo: { meses: c.intervalos.interno ?? c.intervalos.seguranca ?? null, explicacao: '' },
          })),
          Boolean(d.opcoes.dobradoPeloPh),
        ).explicacao,
      ],
    };
  if (d.tipo === 'dispositivo') {
    const p = d.ligados[0];
    if (!p)
      return {
        categoria: 'Dispositivos de segurança seguem o equipamento que protegem.',
        exames: ['Escolha o equipamento protegido: o prazo segue o dele.'],
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
      categoria: 'Dispositivos de segurança seguem o equipamento que protegem.',
      exames: [
        prazoDoDispositivo({ tipo, tag: p.tag, prazo: { meses: meses ?? null, explicacao: '' } }).explicacao,
      ],
    };
  }
  return { categoria: 'Tanque: sem categoria própria.', exames: [PRAZO_DO_TANQUE.explicacao] };
}

/** "1.240", "12,4", "10" → a number; empty or not a number → null. */
export function lerNumero(texto: string): number | null {
  const limpo = texto.trim().replace(/\s/g, '');
  if (limpo === '') return null;
  const normal = limpo.includes(',') ? limpo.replace(/\./g, '').replace(',', '.') : limpo;
  const n = Number(normal);
  return Number.isFinite(n) && n > 0 ? n : null;
}
