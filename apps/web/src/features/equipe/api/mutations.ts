import {
  type AlteracaoPessoa,
  conviteRespostaWebSchema,
  type NovoConvite,
  pessoaRespostaSchema,
} from '@laudos/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { type Convite, type Equipe, equipeKey, equipeQueryOptions, type Pessoa } from './equipe';

/*
 * A gestor's changes to the team (and anyone's own "Receber lembretes"). The server refuses what the
 * caller may not do (APENAS_GESTOR), the plan's limit (LIMITE_USUARIOS) and leaving the company
 * without an active gestor (ULTIMO_GESTOR), each with the message the screen shows as is.
 */

export type { AlteracaoPessoa, NovoConvite };

const parseConvite = parseWith(conviteRespostaWebSchema, 'resposta');

/** POST /api/empresa/convites: e-mails a link valid for 7 days. */
export async function convidar(input: NovoConvite): Promise<Convite> {
  const { convite } = await apiFetch('/empresa/convites', {
    method: 'POST',
    body: input,
    parse: parseConvite,
  });
  return convite;
}

/** POST /api/empresa/convites/:id/reenviar: a new link (and 7 more days), also for an expired one. */
export async function reenviarConvite(id: string): Promise<Convite> {
  const { convite } = await apiFetch(`/empresa/convites/${encodeURIComponent(id)}/reenviar`, {
    method: 'POST',
    body: {},
    parse: parseConvite,
  });
  return convite;
}

/** DELETE /api/empresa/convites/:id: the link stops working. */
export async function cancelarConvite(id: string): Promise<void> {
  await apiFetch(`/empresa/convites/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** PATCH /api/empresa/pessoas/:id: role, active, reminders. */
export async function alterarPessoa({ id, ...alteracao }: AlteracaoPessoa & { id: string }): Promise<Pessoa> {
  const { pessoa } = await apiFetch(`/empresa/pessoas/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: alteracao,
    parse: parseWith(pessoaRespostaSchema, 'resposta'),
  });
  return pessoa;
}

function useEquipeMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equipeKey }),
  });
}

export const useConvidar = () => useEquipeMutation(convidar);
export const useReenviarConvite = () => useEquipeMutation(reenviarConvite);
export const useCancelarConvite = () => useEquipeMutation(cancelarConvite);

/** The changed person shows at once (a switch flips on the answer), then the counts are re-read. */
export function useAlterarPessoa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarPessoa,
    onSuccess: (pessoa) => {
      queryClient.setQueryData(equipeQueryOptions().queryKey, (equipe: Equipe | undefined) =>
        equipe
          ? { ...equipe, pessoas: equipe.pessoas.map((antes) => (antes.id === pessoa.id ? pessoa : antes)) }
          : equipe,
      );
      return queryClient.invalidateQueries({ queryKey: equipeKey });
    },
  });
}
