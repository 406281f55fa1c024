import {
  type AlteracaoUsuario,
  type NovoUsuario,
  sincronizacaoRespostaSchema,
  usuarioRespostaWebSchema,
} from '@laudos/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { type Usuario, usuariosKey } from './usuario';

/* The admin's changes to users. Each refreshes the user lists once it succeeds. */

export type { AlteracaoUsuario, NovoUsuario };

/** POST /api/admin/usuarios: the server e-mails a temporary password; the admin never sees it. */
export async function criarUsuario(input: NovoUsuario): Promise<Usuario> {
  const { usuario } = await apiFetch('/admin/usuarios', {
    method: 'POST',
    body: input,
    parse: parseWith(usuarioRespostaWebSchema, 'resposta'),
  });
  return usuario;
}

/** PATCH /api/admin/usuarios/:id; ativo false signs the user out everywhere. */
export async function alterarUsuario({
  id,
  ...changes
}: AlteracaoUsuario & { id: string }): Promise<Usuario> {
  const { usuario } = await apiFetch(`/admin/usuarios/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    parse: parseWith(usuarioRespostaWebSchema, 'resposta'),
  });
  return usuario;
}

/** Deletes the user's laudos and files first. */
export async function excluirUsuario(id: string): Promise<void> {
  await apiFetch(`/admin/usuarios/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function gerarSenhaTemporaria(id: string): Promise<void> {
  await apiFetch(`/admin/usuarios/${encodeURIComponent(id)}/senha-temporaria`, { method: 'POST' });
}

/** "Liberar acesso": forgets the user's wrong sign-in attempts and the slowed pace of the account. */
export async function liberarAcesso(id: string): Promise<void> {
  await apiFetch(`/admin/usuarios/${encodeURIComponent(id)}/bloqueios`, { method: 'DELETE' });
}

export function sincronizarUsuarios() {
  return apiFetch('/admin/usuarios/sincronizar', {
    method: 'POST',
    // The screen shows what was created and which accounts lacked a profile.
    parse: parseWith(
      sincronizacaoRespostaSchema.pick({ perfisCriados: true, contasSemPerfil: true }),
      'resposta',
    ),
  });
}

function useUsuarioMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuariosKey }),
  });
}

export const useCriarUsuario = () => useUsuarioMutation(criarUsuario);
export const useAlterarUsuario = () => useUsuarioMutation(alterarUsuario);
export const useExcluirUsuario = () => useUsuarioMutation(excluirUsuario);
export const useGerarSenhaTemporaria = () => useUsuarioMutation(gerarSenhaTemporaria);
export const useSincronizarUsuarios = () => useUsuarioMutation(sincronizarUsuarios);
export const useLiberarAcesso = () => useUsuarioMutation(liberarAcesso);
