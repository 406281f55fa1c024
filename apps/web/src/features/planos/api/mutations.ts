import { planoRespostaSchema } from '@laudos/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { type Plano, type PlanoDados, planosKey } from './plano';

const parsePlanoResposta = parseWith(planoRespostaSchema, 'resposta');

export async function criarPlano(input: PlanoDados): Promise<Plano> {
  const { plano } = await apiFetch('/admin/planos', {
    method: 'POST',
    body: input,
    parse: parsePlanoResposta,
  });
  return plano;
}

export async function alterarPlano({ id, ...changes }: Partial<PlanoDados> & { id: string }): Promise<Plano> {
  const { plano } = await apiFetch(`/admin/planos/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    parse: parsePlanoResposta,
  });
  return plano;
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
