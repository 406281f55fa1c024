import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { asRecord } from '../../../lib/parse';
import { type Plano, type PlanoDados, parsePlano, planosKey } from './plano';

function parsePlanoResposta(data: unknown): Plano {
  return parsePlano(asRecord(data, 'resposta').plano);
}

export function criarPlano(input: PlanoDados): Promise<Plano> {
  return apiFetch('/admin/planos', { method: 'POST', body: input, parse: parsePlanoResposta });
}

export function alterarPlano({ id, ...changes }: Partial<PlanoDados> & { id: string }): Promise<Plano> {
  return apiFetch(`/admin/planos/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    parse: parsePlanoResposta,
  });
}

function usePlanoMutation<TInput>(mutationFn: (input: TInput) => Promise<Plano>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      // Plan names also show in the users table.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: planosKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'usuarios'] }),
      ]);
    },
  });
}

export const useCriarPlano = () => usePlanoMutation(criarPlano);
export const useAlterarPlano = () => usePlanoMutation(alterarPlano);
