import { type Equipamento, type EquipamentoResumo, equipamentosNaWeb } from '@laudos/domain/api';
import { parseWith } from '../../../lib/parse';

export type { Equipamento, EquipamentoResumo, NovoEquipamento, TipoDeEquipamento } from '@laudos/domain/api';

export type Situacao = EquipamentoResumo['situacao'];

/** `{ equipamento }`: the answer of get, create, update and of every action on one equipment. */
export const parseEquipamentoResposta = (data: unknown): Equipamento =>
  parseWith(equipamentosNaWeb.um)(data).equipamento;

export const parseListaDeEquipamentos = (data: unknown): EquipamentoResumo[] =>
  parseWith(equipamentosNaWeb.lista)(data).equipamentos;

export type EquipamentosFiltro = {
  empresaId?: string;
  tipo?: string;
  categoria?: string;
  situacao?: Situacao | '';
  busca?: string;
  vencimentoAte?: string;
};

/** Every query about equipment starts with this key, so one invalidation refreshes them all. */
export const equipamentosKey = ['equipamentos'] as const;

export function equipamentoKey(id: string) {
  return [...equipamentosKey, 'detalhe', id] as const;
}
