import { laudosNoServidor } from '@laudos/domain/api';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.ts';

const compilar = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);

describe('response serializer', () => {
  it('writes only the declared fields, at every depth: an internal column never leaks', () => {
    const escrever = compilar(
      z.object({
        criador: z.object({ nome: z.string(), email: z.string().nullable() }).nullable(),
        itens: z.array(z.object({ id: z.string() })),
      }),
    );
    const saida = escrever({
      criador: { nome: 'Ana', email: null, senhaHash: 'scrypt$…' },
      itens: [{ id: 'a', tokenInterno: 'x' }],
      sessao: 'segredo',
    });
    expect(JSON.parse(saida)).toEqual({ criador: { nome: 'Ana', email: null }, itens: [{ id: 'a' }] });
  });

  it('writes null for a nullable object and an instant as its ISO string, as JSON.stringify does', () => {
    const escrever = compilar(
      z.object({ criador: z.object({ nome: z.string() }).nullable(), criadoEm: z.date() }),
    );
    const instante = new Date('2026-11-25T10:00:00.000Z');
    expect(escrever({ criador: null, criadoEm: instante })).toBe(
      JSON.stringify({ criador: null, criadoEm: instante }),
    );
  });

  it('refuses a response missing a required field (a 500, never a half answer)', () => {
    const escrever = compilar(z.object({ id: z.string(), nome: z.string() }));
    expect(() => escrever({ id: 'a' })).toThrow();
  });

  it('writes a page of laudos exactly as the zod schema reads it back', () => {
    const escrever = compilar(laudosNoServidor.paginaDeLaudos);
    const laudo = {
      id: '3f1c2a56-9d0e-4c1b-8a7e-2b9d6f0e1a11',
      nome: 'Caldeira 1',
      codigo: 'NR13-1',
      cliente: 'Metalúrgica',
      tipo: 'NR-13',
      observacoes: null,
      status: 'ativo',
      email_cliente: null,
      data_vencimento: '2027-01-10',
      criado_em: new Date('2026-11-25T10:00:00.000Z'),
      atualizado_em: new Date('2026-11-25T10:00:00.000Z'),
      criado_por: null,
      empresa_id: null,
      arquivo_pdf: null,
      arquivo_excel: null,
      arquivo_pdf_url: null,
      arquivo_excel_url: null,
      dataVencimento: '2027-01-10',
      criadoEm: new Date('2026-11-25T10:00:00.000Z'),
      emailCliente: null,
      criador: { nome: 'Admin', email: 'admin@laudos.local' },
      vencimento: { status: 'ativo' as const, diasRestantes: 46, diasVencido: 0 },
      versao: 1,
      equipamento_id: null,
      exame: null,
    };
    const pagina = { laudos: [laudo], total: 1, pagina: 1, porPagina: 20, totalPaginas: 1 };
    const lido = laudosNoServidor.paginaDeLaudos.safeParse(pagina);
    // The fixture is a valid page: what zod would have written is its encoding of it.
    expect(lido.success, JSON.stringify(lido.error?.issues)).toBe(true);
    expect(JSON.parse(escrever(pagina))).toEqual(
      JSON.parse(JSON.stringify(z.encode(laudosNoServidor.paginaDeLaudos, pagina))),
    );
  });
});
