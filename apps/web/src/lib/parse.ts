import type { z } from 'zod';
import { ApiError } from './api';

/**
 * Small checks for the server's JSON, so a type never promises more than what arrived. A reply of
 * the wrong shape becomes an ApiError with a message that can be shown as is.
 */

export class UnexpectedResponseError extends ApiError {
  constructor(readonly path: string) {
    super(0, 'INVALID_RESPONSE', 'Resposta inesperada do servidor. Tente novamente em instantes.');
  }
}

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asRecord(value: unknown, path: string): JsonRecord {
  if (!isRecord(value)) throw new UnexpectedResponseError(path);
  return value;
}

export function asString(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new UnexpectedResponseError(path);
  return value;
}

/** A string, or null when absent. */
export function asNullableString(value: unknown, path: string): string | null {
  if (value === null || value === undefined) return null;
  return asString(value, path);
}

/** A number; numeric strings are accepted (PostgreSQL numerics may arrive as text). */
export function asNumber(value: unknown, path: string): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw new UnexpectedResponseError(path);
  return number;
}

export function asBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw new UnexpectedResponseError(path);
  return value;
}

export function asEnum<T extends string>(value: unknown, path: string, options: readonly T[]): T {
  if (typeof value !== 'string' || !options.includes(value as T)) throw new UnexpectedResponseError(path);
  return value as T;
}

export function asArray<T>(value: unknown, path: string, item: (value: unknown, path: string) => T): T[] {
  if (!Array.isArray(value)) throw new UnexpectedResponseError(path);
  return value.map((entry, index) => item(entry, `${path}[${index}]`));
}

/**
 * A parser for replies of one shape: the API's shared schema (`@laudos/domain/api`), the same one
 * the server answers through. A reply of another shape is an UnexpectedResponseError.
 */
export function parseWith<T extends z.ZodType>(schema: T, path: string): (data: unknown) => z.output<T> {
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new UnexpectedResponseError(path);
    return result.data;
  };
}
