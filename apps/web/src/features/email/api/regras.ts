import {
  type AlteracaoRegra,
  notificacoesRespostaWeb,
  type Regra,
  type TipoNotificacao,
  tiposNotificacao,
} from '@laudos/domain/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { notificacoesKey } from './keys';

export type { AlteracaoRegra, Regra, TipoNotificacao };
export { tiposNotificacao };

/** monthly = the 1st day of the month. */
export type Frequencia = Regra['frequency'];

const lerRegras = parseWith(notificacoesRespostaWeb.regras, 'resposta');
const lerRegraAlterada = parseWith(notificacoesRespostaWeb.regraAlterada, 'resposta');

export const regrasQueryOptions = queryOptions({
  queryKey: [...notificacoesKey, 'regras'],
  queryFn: ({ signal }) =>
    apiFetch('/admin/notificacoes/regras', {
      signal,
      parse: (data: unknown) => lerRegras(data).regras,
    }),
});

export function useRegras() {
  return useQuery(regrasQueryOptions);
}

/** PATCH /api/admin/notificacoes/regras/:id with the fields that change. */
export function alterarRegra({ id, ...changes }: AlteracaoRegra & { id: string }): Promise<Regra> {
  return apiFetch(`/admin/notificacoes/regras/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    parse: (data: unknown) => lerRegraAlterada(data).regra,
  });
}

/** POST /api/admin/notificacoes/regras: a new rule, disabled, with default days. */
function criarRegra(kind: 'vencendo' | 'vencido'): Promise<Regra> {
  return apiFetch('/admin/notificacoes/regras', {
    method: 'POST',
    body: { kind },
    parse: (data: unknown) => lerRegraAlterada(data).regra,
  });
}

export function useCriarRegra() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarRegra,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificacoesKey }),
  });
}

export function useAlterarRegra() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarRegra,
    // The scheduler's next run depends on the rules too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificacoesKey }),
  });
}
