import { type CadastroInput, cadastroRespostaSchema, confirmarEmailRespostaSchema } from '@laudos/domain/api';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

/* The product's own account endpoints (sign-up and passwords), next to Better Auth's. */

export type { CadastroInput };

/**
 * POST /api/cadastro: answers the same for a new and a taken e-mail, with no session (so nobody learns
 * who has an account); the account's e-mail gets a confirmation link, or a notice if it had one.
 * Returns the server's message, to show when signing in right after does not work.
 */
export async function cadastrar(input: CadastroInput): Promise<string> {
  const { mensagem } = await apiFetch('/cadastro', {
    method: 'POST',
    body: input,
    parse: parseWith(cadastroRespostaSchema, 'resposta'),
  });
  return mensagem;
}

/** POST /api/conta/confirmar-email with the token of the e-mailed link (single use, 24 hours). */
export async function confirmarEmail(token: string): Promise<string> {
  const { email } = await apiFetch('/conta/confirmar-email', {
    method: 'POST',
    body: { token },
    parse: parseWith(confirmarEmailRespostaSchema, 'resposta'),
  });
  return email;
}

/** POST /api/conta/reenviar-confirmacao: a new link for the signed-in user (a few an hour). */
export async function reenviarConfirmacao(): Promise<void> {
  await apiFetch('/conta/reenviar-confirmacao', { method: 'POST', body: {} });
}

/**
 * POST /api/conta/senha: also completes the first access (then without `senhaAtual`: the session
 * already proves the temporary password); the other sessions are ended.
 */
export async function alterarSenha(input: { senhaAtual?: string; novaSenha: string }): Promise<void> {
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
