import type { FastifyRequest } from 'fastify';

/**
 * A request as the logs keep it. The token of an e-mailed link (a team invitation, a password
 * reset, an e-mail confirmation, a reminder's answer) lets whoever holds it act, so it never reaches the logs: the
 * path segment or the `token` query parameter that carries it is masked. Otherwise the fields of
 * Fastify's own request serializer.
 */
const SEGMENTO_COM_TOKEN =
  /(\/(?:api\/convites|convite|api\/respostas|lembrete|api\/auth\/reset-password)\/)[^/?#]+/g;
const PARAMETRO_TOKEN = /([?&]token=)[^&#]*/gi;
/** An API key pasted into an address by mistake (they travel in the Authorization header). */
const CHAVE_API = /laudos_[A-Za-z0-9_-]{8,}/g;

export function enderecoParaLog(url: string): string {
  return url
    .replace(SEGMENTO_COM_TOKEN, '$1[oculto]')
    .replace(PARAMETRO_TOKEN, '$1[oculto]')
    .replace(CHAVE_API, 'laudos_[oculto]');
}

export function requisicaoParaLog(req: FastifyRequest) {
  return {
    method: req.method,
    url: enderecoParaLog(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
