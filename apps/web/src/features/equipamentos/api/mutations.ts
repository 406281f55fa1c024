import type { NovaInspecao, NovoEquipamento } from '@laudos/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { type Equipamento, equipamentoKey, equipamentosKey, parseEquipamentoResposta } from './equipamento';

/*
 * Changes to equipment. Every answer is the whole equipment with its dates recomputed: it is shown
 * at once, then the lists refresh.
 */

const url = (id: string, resto = '') => `/equipamentos/${encodeURIComponent(id)}${resto}`;

export function criarEquipamento(dados: NovoEquipamento): Promise<Equipamento> {
  return apiFetch('/equipamentos', { method: 'POST', body: dados, parse: parseEquipamentoResposta });
}

export type AlteracaoDeEquipamento = Omit<NovoEquipamento, 'tipo' | 'empresaId' | 'ultimosExames'>;

export function alterarEquipamento({ id, ...dados }: AlteracaoDeEquipamento & { id: string }) {
  return apiFetch(url(id), { method: 'PATCH', body: dados, parse: parseEquipamentoResposta });
}

export async function excluirEquipamento(id: string): Promise<void> {
  await apiFetch(url(id), { method: 'DELETE' });
}

export function registrarInspecao({ id, ...dados }: NovaInspecao & { id: string }) {
  return apiFetch(url(id, '/inspecoes'), { method: 'POST', body: dados, parse: parseEquipamentoResposta });
}

export type NovaProrrogacao = {
  exame: string;
  tipo: 'forca_maior' | 'inspecao_nao_intrusiva';
  meses: number;
  justificativa: string;
  phNome: string;
  phCrea: string;
  avisoSindicatoEm?: string | null;
};

export function solicitarProrrogacao({ id, ...dados }: NovaProrrogacao & { id: string }) {
  return apiFetch(url(id, '/prorrogacoes'), { method: 'POST', body: dados, parse: parseEquipamentoResposta });
}

export function decidirProrrogacao({
  id,
  prorrogacaoId,
  aprovar,
}: {
  id: string;
  prorrogacaoId: string;
  aprovar: boolean;
}) {
  return apiFetch(
    url(id, `/prorrogacoes/${encodeURIComponent(prorrogacaoId)}/${aprovar ? 'aprovar' : 'recusar'}`),
    {
      method: 'POST',
      parse: parseEquipamentoResposta,
    },
  );
}

export type NovoEvento = {
  tipo: 'parada' | 'retorno' | 'alteracao' | 'mudanca_de_local' | 'acidente';
  data: string;
  descricao?: string | null;
};

export function registrarEvento({ id, ...dados }: NovoEvento & { id: string }) {
  return apiFetch(url(id, '/eventos'), { method: 'POST', body: dados, parse: parseEquipamentoResposta });
}

function useAcao<TInput>(mutationFn: (input: TInput) => Promise<Equipamento>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (equipamento) => {
      queryClient.setQueryData(equipamentoKey(equipamento.id), equipamento);
      return queryClient.invalidateQueries({ queryKey: [...equipamentosKey, 'lista'] });
    },
  });
}

export const useCriarEquipamento = () => useAcao(criarEquipamento);
export const useAlterarEquipamento = () => useAcao(alterarEquipamento);
export const useRegistrarInspecao = () => useAcao(registrarInspecao);
export const useSolicitarProrrogacao = () => useAcao(solicitarProrrogacao);
export const useDecidirProrrogacao = () => useAcao(decidirProrrogacao);
export const useRegistrarEvento = () => useAcao(registrarEvento);

export function useExcluirEquipamento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excluirEquipamento,
    onSuccess: (_r, id) => {
      queryClient.removeQueries({ queryKey: equipamentoKey(id) });
      return queryClient.invalidateQueries({ queryKey: [...equipamentosKey, 'lista'] });
    },
  });
}
