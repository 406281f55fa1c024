import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { camposDoErro, entrada } from './entrada.ts';

const laudo = entrada(
  { nome: z.string(), dataVencimento: z.string().nullable().optional(), emailCliente: z.string().optional() },
  { data_vencimento: 'dataVencimento', email_cliente: 'emailCliente' },
);

describe('entrada', () => {
  it('takes the spec’s snake_case names and returns camelCase', () => {
    expect(laudo.parse({ nome: 'A', data_vencimento: '2027-01-31', email_cliente: 'a@b.com' })).toEqual({
      nome: 'A',
      dataVencimento: '2027-01-31',
      emailCliente: 'a@b.com',
    });
  });

  it('refuses an unknown field and names it, in Portuguese', () => {
    const result = laudo.safeParse({ nome: 'A', dataVencimeto: '2027-01-31' });
    expect(result.success).toBe(false);
    expect(camposDoErro(result.error!.issues)).toEqual([
      { campo: 'dataVencimeto', mensagem: 'Campo não reconhecido.' },
    ]);
  });

  it('refuses both names with different values', () => {
    const result = laudo.safeParse({
      nome: 'A',
      dataVencimento: '2027-01-31',
      data_vencimento: '2027-02-01',
    });
    expect(camposDoErro(result.error!.issues)[0]!.campo).toBe('data_vencimento');
  });

  it('keeps a required field required under either name', () => {
    const schema = entrada({ dataVencimento: z.string() }, { data_vencimento: 'dataVencimento' });
    expect(schema.parse({ data_vencimento: '2027-01-31' })).toEqual({ dataVencimento: '2027-01-31' });
    expect(camposDoErro(schema.safeParse({}).error!.issues)).toEqual([
      { campo: 'dataVencimento', mensagem: 'Campo obrigatório.' },
    ]);
  });

  it('writes zod’s own messages in Portuguese', () => {
    const result = laudo.safeParse({ nome: 3 });
    expect(camposDoErro(result.error!.issues)[0]!.mensagem).toMatch(/esperava/);
  });
});
