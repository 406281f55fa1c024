import { AppError, erro } from '../http/errors.ts';

/**
 * Header safety: a subject, display name or address carrying CR or LF could inject headers into
 * the message, so it is refused outright rather than cleaned.
 */
const CRLF = /[\r\n]/;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export class HeaderInjectionError extends AppError {
  constructor(field: string) {
    const { code, message, status } = erro('cabecalhoInvalido', field);
    super(code, message, status);
  }
}

export function assertNoLineBreak(value: string | null | undefined, field: string): void {
  if (value && CRLF.test(value)) throw new HeaderInjectionError(field);
}

export function assertEmailAddress(value: string, field = 'O e-mail do destinatário'): string {
  assertNoLineBreak(value, field);
  const trimmed = value.trim();
  if (!EMAIL.test(trimmed) || trimmed.length > 254) {
    throw erro('emailInvalido', field);
  }
  return trimmed;
}

export interface Mailbox {
  name: string | null;
  address: string;
}

/** Parses 'Nome <email@dominio>' or 'email@dominio'. */
export function parseMailbox(value: string, field = 'EMAIL_FROM'): Mailbox {
  assertNoLineBreak(value, field);
  const m = /^\s*(?:"?([^"<>]*?)"?\s*)?<([^<>]+)>\s*$/.exec(value);
  if (m) return { name: m[1]?.trim() || null, address: assertEmailAddress(m[2] ?? '', field) };
  return { name: null, address: assertEmailAddress(value, field) };
}

/** A mailbox as a header value; a non-ASCII display name is RFC 2047 encoded. */
export function formatMailbox({ name, address }: Mailbox): string {
  if (!name) return address;
  if (/^[\x20-\x7e]*$/.test(name))
    return `"${name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}" <${address}>`;
  return `=?UTF-8?B?${Buffer.from(name, 'utf8').toString('base64')}?= <${address}>`;
}
