import {
  type CartaoDeRenovacao,
  type EstagioRenovacao,
  type EventoDeRenovacao,
  type FiltrosDeRenovacoes,
  type Funil,
  funilSchema,
  type MoverEstagio,
  type RenovacaoDoCliente,
  renovacoesNaWeb,
} from '@laudos/domain/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

export type {
  CartaoDeRenovacao,
  EstagioRenovacao,
  EventoDeRenovacao,
  FiltrosDeRenovacoes,
  Funil,
  MoverEstagio,
  RenovacaoDoCliente,
};

/** The renewal pipeline (decision 029): the firm's board, a card, the funnel, the client's list. */
const renovacoesKey = ['renovacoes'] as const;

const parseQuadro = parseWith(renovacoesNaWeb.quadro, 'resposta');
const parseDetalhe = parseWith(renovacoesNaWeb.detalhe, 'resposta');
const parseDoCliente = parseWith(renovacoesNaWeb.doCliente, 'resposta');
const parseFunil = parseWith(funilSchema, 'resposta');

function consulta(filtros: FiltrosDeRenovacoes): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filtros)) if (v) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** GET /api/admin/renovacoes: the board, filtered. */
export function useQuadroDeRenovacoes(filtros: FiltrosDeRenovacoes) {
  return useQuery(
    queryOptions({
      queryKey: [...renovacoesKey, 'quadro', filtros],
      queryFn: ({ signal }) =>
        apiFetch(`/admin/renovacoes${consulta(filtros)}`, { parse: parseQuadro, signal }),
    }),
  );
}

/** GET /api/admin/renovacoes/:id: the card with its history and the due date's reminders. */
export function useRenovacao(id: string | null) {
  return useQuery({
    queryKey: [...renovacoesKey, 'detalhe', id],
    queryFn: ({ signal }) =>
      apiFetch(`/admin/renovacoes/${encodeURIComponent(id ?? '')}`, { parse: parseDetalhe, signal }),
    enabled: Boolean(id),
  });
}

/** GET /api/admin/renovacoes/funil. */
export function useFunil() {
  return useQuery(
    queryOptions({
      queryKey: [...renovacoesKey, 'funil'],
      queryFn: ({ signal }) => apiFetch('/admin/renovacoes/funil', { parse: parseFunil, signal }),
    }),
  );
}

/** GET /api/renovacoes: the client's requests. */
export function useMinhasRenovacoes() {
  return useQuery(
    queryOptions({
      queryKey: [...renovacoesKey, 'cliente'],
      queryFn: ({ signal }) => apiFetch('/renovacoes', { parse: parseDoCliente, signal }),
    }),
  );
}

/** POST /api/admin/renovacoes/:id/estagio. */
export function useMoverEstagio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, dados }: { id: string; dados: MoverEstagio }) =>
      apiFetch(`/admin/renovacoes/${encodeURIComponent(id)}/estagio`, {
        method: 'POST',
        body: dados,
        parse: parseDetalhe,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: renovacoesKey }),
  });
}

/** POST /api/admin/renovacoes/:id/notas. */
export function useAnotar(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dados: { nota: string; interna: boolean }) =>
      apiFetch(`/admin/renovacoes/${encodeURIComponent(id)}/notas`, {
        method: 'POST',
        body: dados,
        parse: parseDetalhe,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: renovacoesKey }),
  });
}
