import { empresaRespostaWebSchema } from '@laudos/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

/*
 * "Criar empresa" in the admin's laudo form (the companies' own screens are features/empresas;
 * features do not import each other). It refreshes the companies' keys (['admin', 'empresas', ...]),
 * the pickers' list among them (lib/empresas-opcoes.ts).
 */

const empresasKey = ['admin', 'empresas'] as const;

/** The few fields "Criar empresa" asks in the laudo form; the rest is filled on the company's page. */
export type EmpresaRapida = { razaoSocial: string; nomeFantasia: string; cnpj: string | null };

/** POST /api/admin/empresas (default plan); a CNPJ already used is a 409 with the server's message. */
export async function criarEmpresa(dados: EmpresaRapida) {
  const { empresa } = await apiFetch('/admin/empresas', {
    method: 'POST',
    body: dados,
    parse: parseWith(empresaRespostaWebSchema, 'resposta'),
  });
  return empresa;
}

export function useCriarEmpresa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarEmpresa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: empresasKey }),
  });
}
