import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { type EquipamentosFiltro, equipamentosKey, parseListaDeEquipamentos } from './equipamento';

/** GET /api/equipamentos: a client's company's equipment, an admin's of every company (the server scopes). */
export function listarEquipamentos(filtro: EquipamentosFiltro, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [chave, valor] of Object.entries(filtro)) {
    const texto = typeof valor === 'string' ? valor.trim() : '';
    if (texto) params.set(chave, texto);
  }
  const query = params.toString();
  return apiFetch(`/equipamentos${query ? `?${query}` : ''}`, {
    parse: parseListaDeEquipamentos,
    ...(signal ? { signal } : {}),
  });
}

export function equipamentosQueryOptions(filtro: EquipamentosFiltro, habilitado = true) {
  return queryOptions({
    queryKey: [...equipamentosKey, 'lista', filtro],
    queryFn: ({ signal }) => listarEquipamentos(filtro, signal),
    placeholderData: (anterior) => anterior,
    enabled: habilitado,
  });
}

export function useEquipamentos(filtro: EquipamentosFiltro, habilitado = true) {
  return useQuery(equipamentosQueryOptions(filtro, habilitado));
}
