import { apiFetch } from '../../../lib/api';

/* The product's own account endpoints (sign-up and passwords), next to Better Auth's. */

export type CadastroInput = {
  nome: string;
  email: string;
  senha: string;
  empresa?: string;
  telefone?: string;
};

/** POST /api/cadastro: creates the account and signs it in (the session cookie comes back). */
export async function cadastrar(input: CadastroInput): Promise<void> {
  await apiFetch('/cadastro', { method: 'POST', body: input });
}

/** POST /api/conta/senha: also completes the first access; the other sessions are ended. */
export async function alterarSenha(input: { senhaAtual: string; novaSenha: string }): Promise<void> {
  await apiFetch('/conta/senha', { method: 'POST', body: input });
}

/** Always answers the same, whether the e-mail exists or not. */
export async function pedirRedefinicaoDeSenha(email: string): Promise<void> {
  await apiFetch('/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: '/reset-password' },
  });
}

/** POST /api/conta/redefinir-senha with the token of the e-mailed link. */
export async function redefinirSenha(input: { token: string; novaSenha: string }): Promise<void> {
  await apiFetch('/conta/redefinir-senha', { method: 'POST', body: input });
}
