import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Job payloads may carry a temporary password or a reset link. pg-boss stores job data in its
 * tables, so the payload is sealed (AES-256-GCM, key derived from AUTH_SECRET) and never sits
 * there in clear.
 */
function keyFor(secret: string): Buffer {
  return createHash('sha256').update(`laudos:email-job:${secret}`).digest();
}

export function seal(secret: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

export function unseal<T>(secret: string, sealed: string): T {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('payload selado em formato desconhecido');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as T;
}
