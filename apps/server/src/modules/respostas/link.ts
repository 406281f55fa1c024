import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TipoResposta } from '@laudos/domain/api';

/**
 * The signed links of a reminder e-mail (decision 028). Nothing secret is stored: the token names
 * the reminder it came with (its notification_history row: laudo, due date, milestone, recipient)
 * and the purpose, and signs purpose + row + laudo + due date + recipient with HMAC-SHA256 under a
 * key derived from AUTH_SECRET for this use alone. Short enough for any address (a path segment is
 * capped at 200 characters, app.ts). It dies when the laudo's due date changes (service.ts).
 */

/** What a link's signature covers. */
export interface LinkDeResposta {
  tipo: TipoResposta;
  /** The reminder's notification_history row. */
  marcoId: string;
  laudoId: string;
  /** 'YYYY-MM-DD': the due date the reminder was about. */
  dataVencimento: string;
  /** Lower-case address the reminder went to. */
  destinatario: string;
}

const LETRA: Record<TipoResposta, string> = { solicitacao: 's', ciente: 'c' };
const DE_LETRA: Record<string, TipoResposta> = { s: 'solicitacao', c: 'ciente' };
const TOKEN = /^([sc])\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

function assinatura(secret: string, link: LinkDeResposta): string {
  const chave = createHmac('sha256', secret).update('laudos/resposta-lembrete/v1').digest();
  return createHmac('sha256', chave)
    .update(
      [
        LETRA[link.tipo],
        link.marcoId,
        link.laudoId,
        link.dataVencimento,
        link.destinatario.trim().toLowerCase(),
      ].join('|'),
    )
    .digest('base64url');
}

/** The token of a link: `s|c.<history id>.<signature>`. */
export function assinarLink(secret: string, link: LinkDeResposta): string {
  return `${LETRA[link.tipo]}.${link.marcoId}.${assinatura(secret, link)}`;
}

/** The token's purpose and reminder when it is well formed (its signature is checked later). */
export function lerToken(token: string): { tipo: TipoResposta; marcoId: string; assinatura: string } | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  return { tipo: DE_LETRA[m[1]!]!, marcoId: m[2]!, assinatura: m[3]! };
}

/** Whether `recebida` is the signature of these fields (constant time). */
export function assinaturaConfere(secret: string, link: LinkDeResposta, recebida: string): boolean {
  const esperada = Buffer.from(assinatura(secret, link));
  const dada = Buffer.from(recebida);
  return esperada.length === dada.length && timingSafeEqual(esperada, dada);
}

/** The web page a link opens (apps/web: /lembrete/:token). */
export function urlDaResposta(publicUrl: string, secret: string, link: LinkDeResposta): string {
  return `${publicUrl}/lembrete/${assinarLink(secret, link)}`;
}
