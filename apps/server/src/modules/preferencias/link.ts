import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TipoDeMensagem } from '@laudos/domain';

/**
 * The signed unsubscribe link of a non-transactional e-mail (RFC 8058; decision 035). The token
 * names the person and the kind of message (the channel is e-mail: only e-mails carry it) and signs
 * them with HMAC-SHA256 under a key derived from AUTH_SECRET for this use alone, so no other use of
 * the secret (answer links, sealed e-mails) can produce or accept it. Nothing is stored; it does
 * not expire (a months-old e-mail's link must still work), and using it twice changes nothing.
 */

const LETRA: Record<TipoDeMensagem, string> = {
  lembrete_antes: 'a',
  lembrete_vencido: 'v',
  resumo_mensal: 'm',
  renovacao: 'r',
};
const DE_LETRA = Object.fromEntries(Object.entries(LETRA).map(([t, l]) => [l, t])) as Record<
  string,
  TipoDeMensagem
>;
/** `<kind letter>.<person id>.<signature>`; a person id is Better Auth's (letters, digits, - and _). */
const TOKEN = /^([avmr])\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

function assinatura(secret: string, usuarioId: string, tipo: TipoDeMensagem): string {
  const chave = createHmac('sha256', secret).update('laudos/descadastro/v1').digest();
  return createHmac('sha256', chave).update(`${LETRA[tipo]}|${usuarioId}|email`).digest('base64url');
}

export function assinarDescadastro(secret: string, usuarioId: string, tipo: TipoDeMensagem): string {
  return `${LETRA[tipo]}.${usuarioId}.${assinatura(secret, usuarioId, tipo)}`;
}

/** The person and kind a token names, or null when it is malformed or its signature does not match. */
export function lerDescadastro(
  secret: string,
  token: string,
): { usuarioId: string; tipo: TipoDeMensagem } | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const tipo = DE_LETRA[m[1]!]!;
  const usuarioId = m[2]!;
  const esperada = Buffer.from(assinatura(secret, usuarioId, tipo));
  const dada = Buffer.from(m[3]!);
  if (esperada.length !== dada.length || !timingSafeEqual(esperada, dada)) return null;
  return { usuarioId, tipo };
}

/**
 * What an e-mail carries: the one-click address (`List-Unsubscribe` and its POST), the page the
 * footer links to, and a mailto to the firm with the token in the subject (nobody reads that
 * mailbox automatically: README).
 */
export interface LinksDeDescadastro {
  /** POST: unsubscribes at once (RFC 8058); GET from a browser: redirected to `pagina`. */
  umClique: string;
  pagina: string;
  mailto: string;
}

export function linksDeDescadastro(
  deps: { publicUrl: string; secret: string; contato: string },
  usuarioId: string,
  tipo: TipoDeMensagem,
): LinksDeDescadastro {
  const token = assinarDescadastro(deps.secret, usuarioId, tipo);
  return {
    umClique: `${deps.publicUrl}/api/descadastro/${token}`,
    pagina: `${deps.publicUrl}/descadastro/${token}`,
    mailto: `mailto:${deps.contato}?subject=${encodeURIComponent(`Descadastrar ${token}`)}`,
  };
}
