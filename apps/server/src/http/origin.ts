import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { type AppError, erro } from './errors.ts';

/*
 * Which origin may post to the API (the CSRF guard of app.ts, and Better Auth's trusted origin).
 *
 * With PUBLIC_URL set, only its origin. Without it, the origin of the address the request itself
 * was sent to (its Host, and X-Forwarded-Host/-Proto under TRUST_PROXY), so a first try at
 * http://127.0.0.1:3000 or http://192.168.0.10:3000 works as well as http://localhost:3000.
 *
 * Why that is still a CSRF guard: a browser sets Host to the address it sends to and Origin to the
 * page that sends, and a page cannot forge either. Another site's page posting here has its own
 * Origin and our Host: refused. Only a page whose own address reaches this server passes, and the
 * one way an attacker gets that is DNS rebinding (their name, resolved to this machine): so the Host
 * is taken only when it is a name no outsider can own — an IP address, localhost, a single-label
 * LAN name, or a .local/.lan/.internal/.home.arpa one. (Such a page would carry none of our cookies
 * anyway.) A host that is not such a name gets a message asking for PUBLIC_URL.
 *
 * Links in e-mails never come from here: they use config.publicUrl, so a forged Host cannot point
 * a reset link at another site.
 */

/** host[:port] as a Host header may carry it: a DNS name or an IP literal, nothing else. */
const HOST_HEADER =
  /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::\d{1,5})?$/i;

/** Names that only this machine or the local network resolve (see above). */
function isLocalHostname(hostname: string): boolean {
  if (hostname.startsWith('[')) return true; // IPv6 literal
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(hostname)) return true; // IPv4 literal (URL-normalised)
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (!hostname.includes('.')) return true;
  return /\.(?:local|lan|internal|home\.arpa)$/.test(hostname);
}

/** The URL the request was sent to (scheme and host, as Fastify reads them), or null when odd. */
function addressedTo(request: FastifyRequest): URL | null {
  const host = request.host;
  if (typeof host !== 'string' || !HOST_HEADER.test(host)) return null;
  try {
    return new URL(`${request.protocol === 'https' ? 'https' : 'http'}://${host}`);
  } catch {
    return null;
  }
}

function originOf(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The origin whose pages may change state with this request (see the comment at the top). */
export function ownOrigin(
  config: Pick<Config, 'publicUrl' | 'publicUrlSet'>,
  request: FastifyRequest,
): string {
  const fixed = new URL(config.publicUrl).origin;
  if (config.publicUrlSet) return fixed;
  const own = addressedTo(request);
  return own && isLocalHostname(own.hostname) ? own.origin : fixed;
}

/**
 * Why a state-changing API call is refused for where it comes from, or null when it is not: a
 * cross-site fetch, a cookie without an Origin, or an Origin other than ownOrigin. When the Origin
 * names this very server under another address (a page of ours, opened there), the message says
 * which address to open or what to set; any other origin is just refused.
 */
export function originRefusal(
  config: Pick<Config, 'publicUrl' | 'publicUrlSet'>,
  request: FastifyRequest,
): AppError | null {
  const origin = request.headers.origin;
  if (request.headers['sec-fetch-site'] === 'cross-site') return erro('origemNaoPermitida');
  if (!origin) return request.headers.cookie ? erro('origemNaoPermitida') : null;
  if (origin === ownOrigin(config, request)) return null;
  const from = originOf(origin);
  const to = addressedTo(request);
  if (!from || !to || from.hostname !== to.hostname) return erro('origemNaoPermitida');
  return config.publicUrlSet
    ? erro('enderecoDiferenteDoPublicUrl', new URL(config.publicUrl).origin, from.origin)
    : erro('enderecoSemPublicUrl', from.origin);
}
