import { conviteRespostaWebSchema, empresaRespostaWebSchema, pessoaRespostaSchema } from '@laudos/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import {
  type AlteracaoEmpresa,
  type AlteracaoPessoa,
  type Convite,
  type Empresa,
  empresasKey,
  type NovoConvite,
  type Pessoa,
} from './empresa';

/* The admin's changes to companies, their people and invitations. Each refreshes what shows them. */

const parseEmpresa = parseWith(empresaRespostaWebSchema, 'resposta');
const parseConvite = parseWith(conviteRespostaWebSchema, 'resposta');

function empresaPath(id: string): string {
  return `/admin/empresas/${encodeURIComponent(id)}`;
}

/** PATCH /api/admin/empresas/:id with the fields that changed. */
export async function alterarEmpresa({
  id,
  ...alteracao
}: AlteracaoEmpresa & { id: string }): Promise<Empresa> {
  const { empresa } = await apiFetch(empresaPath(id), {
    method: 'PATCH',
    body: alteracao,
    parse: parseEmpresa,
  });
  return empresa;
}

/** PATCH /api/admin/empresas/:id/pessoas/:usuarioId: role, active, reminders. */
export async function alterarPessoa({
  empresaId,
  usuarioId,
  ...alteracao
}: AlteracaoPessoa & { empresaId: string; usuarioId: string }): Promise<Pessoa> {
  const { pessoa } = await apiFetch(`${empresaPath(empresaId)}/pessoas/${encodeURIComponent(usuarioId)}`, {
    method: 'PATCH',
    body: alteracao,
    parse: parseWith(pessoaRespostaSchema, 'resposta'),
  });
  return pessoa;
}

/** POST /api/admin/empresas/:id/convites: e-mails a link valid for 7 days (refused past the plan's limit). */
export async function convidar({
  empresaId,
  ...convite
}: NovoConvite & { empresaId: string }): Promise<Convite> {
  const resposta = await apiFetch(`${empresaPath(empresaId)}/convites`, {
    method: 'POST',
    body: convite,
    parse: parseConvite,
  });
  return resposta.convite;
}

/** POST …/convites/:conviteId/reenviar: a new link, valid for 7 more days. */
export async function reenviarConvite({ empresaId, conviteId }: { empresaId: string; conviteId: string }) {
  const resposta = await apiFetch(
    `${empresaPath(empresaId)}/convites/${encodeURIComponent(conviteId)}/reenviar`,
    { method: 'POST', parse: parseConvite },
  );
  return resposta.convite;
}

/** DELETE …/convites/:conviteId: the link stops working. */
export async function cancelarConvite({ empresaId, conviteId }: { empresaId: string; conviteId: string }) {
  await apiFetch(`${empresaPath(empresaId)}/convites/${encodeURIComponent(conviteId)}`, { method: 'DELETE' });
}

function useEmpresaMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A company's name shows on its users and laudos too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: empresasKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'usuarios'] }),
        queryClient.invalidateQueries({ queryKey: ['laudos'] }),
      ]),
  });
}

export const useAlterarEmpresa = () => useEmpresaMutation(alterarEmpresa);
export const useAlterarPessoa = () => useEmpresaMutation(alterarPessoa);
/** Invitations to one company (the shared `ConvidarDialog` sends the invitation's fields only). */
export const useConvidar = (empresaId: string) =>
  useEmpresaMutation((convite: NovoConvite) => convidar({ empresaId, ...convite }));
export const useReenviarConvite = () => useEmpresaMutation(reenviarConvite);
export const useCancelarConvite = () => useEmpresaMutation(cancelarConvite);
