import { UnexpectedResponseError } from '../../../lib/parse';

type Leitura<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };

/**
 * The `parse` of an apiFetch call from one of the API's shared schemas (`@laudos/domain/api`): a
 * reply of another shape is the usual UnexpectedResponseError, naming the first field that differs.
 */
export function lerCom<T>(schema: { safeParse(data: unknown): Leitura<T> }) {
  return (data: unknown): T => {
    const lido = schema.safeParse(data);
    if (lido.success) return lido.data;
    throw new UnexpectedResponseError(lido.error.issues[0]?.path.map(String).join('.') || 'resposta');
  };
}
