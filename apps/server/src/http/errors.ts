/**
 * The one application error. `code` is stable (clients may branch on it), `message` is the pt-BR
 * text shown to the user, `status` the HTTP status. Every error response is
 * `{ "error": { "code", "message" } }`.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (message = 'Sessão expirada. Faça login novamente') =>
  new AppError('NAO_AUTENTICADO', message, 401);
export const forbidden = (message = 'Acesso negado.') => new AppError('ACESSO_NEGADO', message, 403);

/**
 * Runs `fn`; an unexpected failure (not an AppError) becomes a 500 with the spec's message for
 * that situation ('Erro ao criar usuário', …). The cause is logged by the error handler.
 */
export async function orFail<T>(message: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw Object.assign(new AppError('ERRO_INTERNO', message, 500), { cause: err });
  }
}
