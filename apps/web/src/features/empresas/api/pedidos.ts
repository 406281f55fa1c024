import { pedidosEmpresaWebSchema } from '@laudos/domain/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { type AprovacaoPedido, empresasKey } from './empresa';

/* The requests to join a company that wait for an admin (people who signed up naming one). */

const pedidosKey = [...empresasKey, 'pedidos'] as const;

export const pedidosQueryOptions = queryOptions({
  queryKey: pedidosKey,
  queryFn: async ({ signal }) => {
    const { pedidos } = await apiFetch('/admin/pedidos-empresa', {
      parse: parseWith(pedidosEmpresaWebSchema, 'resposta'),
      signal,
    });
    return pedidos;
  },
});

/** GET /api/admin/pedidos-empresa: the pending ones, oldest first as the server sends them. */
export function usePedidos() {
  return useQuery(pedidosQueryOptions);
}

/**
 * POST /api/admin/pedidos-empresa/:id/aprovar: the person joins an existing company (`empresaId`)
 * or one created now (`nova`), as `papel`.
 */
export async function aprovarPedido({ id, ...aprovacao }: AprovacaoPedido & { id: string }) {
  await apiFetch(`/admin/pedidos-empresa/${encodeURIComponent(id)}/aprovar`, {
    method: 'POST',
    body: aprovacao,
  });
}

/** POST /api/admin/pedidos-empresa/:id/recusar: the person stays without a company. */
export async function recusarPedido(id: string) {
  await apiFetch(`/admin/pedidos-empresa/${encodeURIComponent(id)}/recusar`, { method: 'POST' });
}

function usePedidoMutation<TInput>(mutationFn: (input: TInput) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The companies' counts and the users' companies change with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: empresasKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'usuarios'] }),
      ]),
  });
}

export const useAprovarPedido = () => usePedidoMutation(aprovarPedido);
export const useRecusarPedido = () => usePedidoMutation(recusarPedido);
