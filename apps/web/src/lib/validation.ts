import { type CampoInvalido, emailValido, SENHA_MAX, SENHA_MIN } from '@laudos/domain/api';
import type { z } from 'zod';
import { ApiError } from './api';

/** Field checks shared by the forms; each returns the pt-BR message, or undefined when valid. */

export const MIN_PASSWORD_LENGTH = SENHA_MIN;
export const MAX_PASSWORD_LENGTH = SENHA_MAX;

export function requiredError(value: string, message: string): string | undefined {
  return value.trim() === '' ? message : undefined;
}

export function emailError(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return 'Informe o e-mail.';
  // The server's own rule (@laudos/domain/api), not a second regex.
  if (!emailValido(email)) return 'Informe um e-mail válido, como nome@empresa.com.br.';
  return undefined;
}

export function newPasswordError(value: string): string | undefined {
  if (value === '') return 'Informe a senha.';
  if (value.length < MIN_PASSWORD_LENGTH)
    return `A senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`;
  if (value.length > MAX_PASSWORD_LENGTH)
    return `A senha deve ter no máximo ${MAX_PASSWORD_LENGTH} caracteres.`;
  return undefined;
}

export function confirmationError(password: string, confirmation: string): string | undefined {
  if (confirmation === '') return 'Repita a senha para confirmar.';
  if (password !== confirmation) return 'As senhas não conferem.';
  return undefined;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Drops the fields without an error; empty when the form is valid. */
export function collectErrors<K extends string>(errors: Record<K, string | undefined>): FieldErrors<K> {
  const found: FieldErrors<K> = {};
  for (const key of Object.keys(errors) as K[]) {
    const message = errors[key];
    if (message) found[key] = message;
  }
  return found;
}

/** Moves the focus to the first field with an error, in the form's order. */
export function focusFirstError(form: HTMLFormElement | null, errors: Partial<Record<string, string>>): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && errors[name] && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

/** The message to show for a failed request. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'Algo deu errado. Tente novamente em instantes.';
}

/**
 * A form's errors from the shared schema of its payload (`@laudos/domain/api`): the first message
 * of each field, under the field's name (its first path segment). The same rules the server checks.
 */
export function errorsFromSchema<K extends string>(schema: z.ZodType, value: unknown): FieldErrors<K> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return errorsFromCampos<K>(
    result.error.issues.map((i) => ({ campo: i.path.map(String).join('.'), mensagem: i.message })),
  );
}

/** The field-by-field list of a 400 (`error.campos`), first message per field. */
export function errorsFromCampos<K extends string>(campos: readonly CampoInvalido[]): FieldErrors<K> {
  const found: Record<string, string> = {};
  for (const { campo, mensagem } of campos) {
    const name = campo.split('.')[0]!;
    found[name] ??= mensagem;
  }
  return found as FieldErrors<K>;
}

/** The fields a failed request names (a 400 with `campos`), or an empty object. */
export function errorsFromRequest<K extends string>(error: unknown): FieldErrors<K> {
  return error instanceof ApiError ? errorsFromCampos<K>(error.campos) : {};
}
