import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { enderecoParaLog, requisicaoParaLog } from './log-url.ts';

const TOKEN = 'Zk3q9w_X-abcdefghijklmnopqrstuvwxyz0123456';

describe('request URLs in the logs', () => {
  it('masks the token of an invitation, a password reset, a confirmation and a reminder answer link', () => {
    expect(enderecoParaLog(`/api/respostas/s.${TOKEN}`)).toBe('/api/respostas/[oculto]');
    expect(enderecoParaLog(`/lembrete/c.${TOKEN}`)).toBe('/lembrete/[oculto]');
    expect(enderecoParaLog(`/api/convites/${TOKEN}`)).toBe('/api/convites/[oculto]');
    expect(enderecoParaLog(`/api/convites/${TOKEN}/aceitar`)).toBe('/api/convites/[oculto]/aceitar');
    expect(enderecoParaLog(`/convite/${TOKEN}?utm=x`)).toBe('/convite/[oculto]?utm=x');
    expect(enderecoParaLog(`/api/auth/reset-password/${TOKEN}?callbackURL=%2Freset`)).toBe(
      '/api/auth/reset-password/[oculto]?callbackURL=%2Freset',
    );
    expect(enderecoParaLog(`/confirmar-email?token=${TOKEN}`)).toBe('/confirmar-email?token=[oculto]');
    expect(enderecoParaLog(`/reset-password?a=1&token=${TOKEN}&b=2`)).toBe(
      '/reset-password?a=1&token=[oculto]&b=2',
    );
  });

  it('leaves every other address as it is', () => {
    for (const url of [
      '/api/empresa/convites',
      '/api/empresa/convites/5f0c/reenviar',
      '/api/laudos?busca=token',
    ])
      expect(enderecoParaLog(url)).toBe(url);
  });

  it('the request serializer writes the masked address', () => {
    const req = {
      method: 'POST',
      url: `/api/convites/${TOKEN}/aceitar`,
      host: 'localhost:3000',
      ip: '127.0.0.1',
      socket: { remotePort: 5555 },
    } as unknown as FastifyRequest;
    expect(JSON.stringify(requisicaoParaLog(req))).not.toContain(TOKEN);
    expect(requisicaoParaLog(req)).toEqual({
      method: 'POST',
      url: '/api/convites/[oculto]/aceitar',
      host: 'localhost:3000',
      remoteAddress: '127.0.0.1',
      remotePort: 5555,
    });
  });

  it('an API key pasted into an address is masked; its Authorization header is never logged', () => {
    const chave = `laudos_${'Ab1-_'.repeat(8)}xyz`;
    expect(enderecoParaLog(`/api/laudos?api_key=${chave}&pagina=2`)).toBe(
      '/api/laudos?api_key=laudos_[oculto]&pagina=2',
    );
    const req = {
      method: 'GET',
      url: '/api/laudos',
      host: 'localhost:3000',
      ip: '127.0.0.1',
      headers: { authorization: `Bearer ${chave}` },
      socket: { remotePort: 5555 },
    } as unknown as FastifyRequest;
    expect(JSON.stringify(requisicaoParaLog(req))).not.toContain(chave);
  });
});
