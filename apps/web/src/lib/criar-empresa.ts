import { empresaRespostaWebSchema } from '@laudos/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api';
import { parseWith } from './parse';

/*
 * Creating a company, shared by the companies' screens (features/empresas) and the admin's laudo
 * form, which creates one in place from its company picker (features do not import each other).
 */

/** POST /api/admin/empresas (and `nova` when approving a request). */
export type NovaEmpresa = {
  razaoSocial: string;
  nomeFantasia: string;
  /** As typed, with or without punctuation. */
  cnpj?: string | null;
  endereco?: string | null;
  emailContato?: string | null;
  telefone?: string | null;
  /** Left out: the default plan. */
  planoId?: string | null;
};

/** POST /api/admin/empresas; a CNPJ already used is a 409 with the server's message. */
async function criarEmpresa(input: NovaEmpresa) {
  const { empresa } = await apiFetch('/admin/empresas', {
    method: 'POST',
    body: input,
    parse: parseWith(empresaRespostaWebSchema, 'resposta'),
  });
  return empresa;
}

/** Creates a company and refreshes every list that shows companies (the pickers' among them). */
export function useCriarEmpresa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarEmpresa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'empresas'] }),
  });
}
