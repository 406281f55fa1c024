import type { CampoInvalido } from '@laudos/domain/api';

/**
 * The one way the web app talks to the server. Every server error has the shape
 * `{ "error": { "code": string, "message": string } }` with a pt-BR message that can be shown as is.
 */

const API_BASE = '/api';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** On a 400 of invalid input: what is wrong with each field, for the form to mark it. */
    readonly campos: readonly CampoInvalido[] = [],
  ) {
    super(message);
  }
}

export type ApiFetchOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

const NETWORK_ERROR_MESSAGE =
  'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';
const UNEXPECTED_ERROR_MESSAGE = 'Erro inesperado do servidor. Tente novamente em instantes.';

/**
 * Calls `/api{path}` with the session cookie. Without `parse` the result is `unknown`;
 * pass a parser (e.g. a zod schema's `parse`) to get a typed, checked result.
 */
export function apiFetch(path: string, options?: ApiFetchOptions): Promise<unknown>;
export function apiFetch<T>(
  path: string,
  options: ApiFetchOptions & { parse: (data: unknown) => T },
): Promise<T>;
export async function apiFetch<T>(
  path: string,
  options: ApiFetchOptions & { parse?: (data: unknown) => T } = {},
): Promise<T | unknown> {
  const { method = 'GET', body, headers, signal, parse } = options;
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }

  const data = await readJson(response);
  if (!response.ok) throw toApiError(response.status, data);
  return parse ? parse(data) : data;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (!response.ok) return undefined;
    throw new ApiError(response.status, 'INVALID_RESPONSE', UNEXPECTED_ERROR_MESSAGE);
  }
}

function toApiError(status: number, data: unknown): ApiError {
  return errorFromBody(status, data) ?? new ApiError(status, `HTTP_${status}`, UNEXPECTED_ERROR_MESSAGE);
}

/** The server's error shape (`{ error: { code, message, campos? } }`) as an ApiError, or null. */
export function errorFromBody(status: number, data: unknown): ApiError | null {
  if (isRecord(data) && isRecord(data.error)) {
    const { code, message, campos } = data.error;
    if (typeof code === 'string' && typeof message === 'string')
      return new ApiError(status, code, message, Array.isArray(campos) ? campos.filter(isCampo) : []);
  }
  return null;
}

function isCampo(value: unknown): value is CampoInvalido {
  return isRecord(value) && typeof value.campo === 'string' && typeof value.mensagem === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A file the server made (a report), and the name it gave it (`Content-Disposition`). */
export type ArquivoBaixado = { blob: Blob; nome: string };

/**
 * GET `/api{path}` for a file: the body as a Blob, or the server's error as an ApiError (a link
 * with `download` would save the error's JSON as the file).
 */
export async function apiDownload(
  path: string,
  nomePadrao: string,
  signal?: AbortSignal,
): Promise<ArquivoBaixado> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { credentials: 'include', ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw toApiError(response.status, await readJson(response));
  const nome =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? nomePadrao;
  try {
    return { blob: await response.blob(), nome };
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
}
