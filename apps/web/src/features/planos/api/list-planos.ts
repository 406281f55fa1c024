import { planosAdminRespostaSchema, planoUsuariosRespostaSchema } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { type Plano, planosKey } from './plano';

const parsePlanos = parseWith(planosAdminRespostaSchema, 'resposta');

async function listarPlanos(signal: AbortSignal): Promise<Plano[]> {
  const { planos } = await apiFetch('/admin/planos', { parse: parsePlanos, signal });
  // The server orders by price; sorting again keeps the table right whatever it sends.
  return planos.sort((a, b) => a.preco - b.preco || a.nome.localeCompare(b.nome, 'pt-BR'));
}

export const planosQueryOptions = queryOptions({
  queryKey: [...planosKey, 'lista'],
  queryFn: ({ signal }) => listarPlanos(signal),
});

/** Every plan, cheapest first, with how many users are on each. */
export function usePlanos() {
  return useQuery(planosQueryOptions);
}

export function planoUsuariosQueryOptions(planoId: string) {
  return queryOptions({
    queryKey: [...planosKey, planoId, 'usuarios'],
    queryFn: async ({ signal }) => {
      const { usuarios } = await apiFetch(`/admin/planos/${encodeURIComponent(planoId)}/usuarios`, {
        signal,
        parse: parseWith(planoUsuariosRespostaSchema, 'resposta'),
      });
      return usuarios;
    },
  });
}

/** Who is on a plan ("ver usuários"). */
export function usePlanoUsuarios(planoId: string) {
  return useQuery(planoUsuariosQueryOptions(planoId));
}
