import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { asArray, asNumber, asRecord, asString } from '../../../lib/parse';
import { parseUsuarioResposta, type TipoUsuario, type Usuario, usuariosKey } from './usuario';

/* The admin's changes to users. Each refreshes the user lists once it succeeds. */

export type NovoUsuario = {
  nome: string;
  email: string;
  tipo: TipoUsuario;
  empresa?: string;
  telefone?: string;
  planoId?: string;
};

export type AlteracaoUsuario = Partial<{
  nome: string;
  tipo: TipoUsuario;
  empresa: string | null;
  empresaConfirmada: boolean;
  telefone: string | null;
  planoId: string | null;
  ativo: boolean;
}>;

export type ResultadoSincronizacao = {
  perfisCriados: number;
  contasSemPerfil: string[];
};

/** POST /api/admin/usuarios: the server e-mails a temporary password; the admin never sees it. */
export function criarUsuario(input: NovoUsuario): Promise<Usuario> {
  return apiFetch('/admin/usuarios', { method: 'POST', body: input, parse: parseUsuarioResposta });
}

/** PATCH /api/admin/usuarios/:id; ativo false signs the user out everywhere. */
export function alterarUsuario({ id, ...changes }: AlteracaoUsuario & { id: string }): Promise<Usuario> {
  return apiFetch(`/admin/usuarios/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    parse: parseUsuarioResposta,
  });
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

export function sincronizarUsuarios(): Promise<ResultadoSincronizacao> {
  return apiFetch('/admin/usuarios/sincronizar', {
    method: 'POST',
    parse: (data: unknown) => {
      const body = asRecord(data, 'resposta');
      return {
        perfisCriados: asNumber(body.perfisCriados, 'perfisCriados'),
        contasSemPerfil: asArray(body.contasSemPerfil ?? [], 'contasSemPerfil', asString),
      };
    },
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
