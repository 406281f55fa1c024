import { describe, expect, it } from 'vitest';
import { classificar } from './cliente.ts';
import { numeroE164 } from './telefone.ts';

describe('WhatsApp Cloud API errors (decision 037)', () => {
  it('an invalid number and a template problem are permanent; rate limits, 5xx and an expired token are retried', () => {
    const erro = (status: number, code?: number) =>
      classificar(
        status,
        code === undefined ? null : { error: { code, message: 'x', type: 'OAuthException' } },
      );
    expect(erro(400, 131026)).toMatchObject({ temporario: false, codigo: 131026 });
    expect(erro(400, 131026).message).toContain('Número sem WhatsApp');
    expect(erro(404, 132001)).toMatchObject({ temporario: false });
    expect(erro(400, 132001).message).toContain('Modelo de mensagem');
    expect(erro(429, 130429)).toMatchObject({ temporario: true });
    expect(erro(400, 131056)).toMatchObject({ temporario: true });
    expect(erro(500, 131000)).toMatchObject({ temporario: true });
    expect(erro(502)).toMatchObject({ temporario: true, codigo: 502 });
    expect(erro(401, 190)).toMatchObject({ temporario: true });
    expect(erro(400, 100)).toMatchObject({ temporario: false });
  });

  it('numbers become E.164, Brazil by default; fixed lines and junk are refused', () => {
    expect(numeroE164('(11) 98888-7777')).toBe('+5511988887777');
    expect(numeroE164('+55 11 98888-7777')).toBe('+5511988887777');
    expect(numeroE164('+1 415 555 2671')).toBe('+14155552671');
    expect(numeroE164('(11) 3333-4444')).toBeNull();
    expect(numeroE164('1234')).toBeNull();
    expect(numeroE164('abc')).toBeNull();
  });
});
