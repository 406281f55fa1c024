import type { z } from 'zod';
import { ApiError } from './api';

/**
 * The server's JSON is parsed with the API's shared schemas, so a type never promises more than
 * what arrived. A reply of the wrong shape becomes an ApiError with a message that can be shown as is.
 */

export class UnexpectedResponseError extends ApiError {
  constructor(readonly path: string) {
    super(0, 'INVALID_RESPONSE', 'Resposta inesperada do servidor. Tente novamente em instantes.');
  }
}

/**
 * The `parse` of an apiFetch call from one of the API's shared schemas (`@laudos/domain/api`), the
 * same one the server answers through: a reply of another shape is an UnexpectedResponseError that
 * names the first field that differs (under `path`, when given).
 */
export function parseWith<T extends z.ZodType>(schema: T, path?: string): (data: unknown) => z.output<T> {
  return (data) => {
    const result = schema.safeParse(data);
    if (result.success) return result.data;
    const campo = result.error.issues[0]?.path.map(String).join('.');
    throw new UnexpectedResponseError([path, campo].filter(Boolean).join('.') || 'resposta');
  };
}
