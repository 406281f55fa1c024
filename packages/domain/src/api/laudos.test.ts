import { describe, expect, it } from 'vitest';
import { camposDoErro } from './entrada.ts';
import { laudoEntrada, laudosNaWeb, laudosNoServidor } from './laudos.ts';

describe('laudoEntrada', () => {
  it("takes the spec's names beside the camelCase ones", () => {
    expect(
      laudoEntrada.parse({ nome: 'Caldeira', data_vencimento: '2027-01-31', email_cliente: ' a@b.com ' }),
    ).toEqual({ nome: 'Caldeira', dataVencimento: '2027-01-31', emailCliente: 'a@b.com' });
  });

  it('names an unknown field and a wrong date', () => {
    const result = laudoEntrada.safeParse({
      nome: 'Caldeira',
      dataVencimento: '2027-01-31',
      cliente_nome: 'x',
    });
    expect(camposDoErro(result.error!.issues)).toEqual([
      { campo: 'cliente_nome', mensagem: 'Campo não reconhecido.' },
    ]);
    const data = laudoEntrada.safeParse({ dataVencimento: '31/01/2027' });
    expect(camposDoErro(data.error!.issues)).toEqual([
      { campo: 'dataVencimento', mensagem: 'Data inválida: use o formato AAAA-MM-DD.' },
    ]);
  });
});

describe('the laudo reply', () => {
  const laudo = {
    id: 'l-1',
    nome: 'Caldeira',
    codigo: 'NR13-1',
    cliente: 'ACME',
    tipo: 'NR-13',
    observacoes: null,
    status: 'ativo',
    email_cliente: null,
    data_vencimento: null,
    criado_em: new Date('2026-11-01T12:00:00Z'),
    atualizado_em: new Date('2026-11-01T12:00:00Z'),
    criado_por: null,
    arquivo_pdf: null,
    arquivo_excel: null,
    arquivo_pdf_url: null,
    arquivo_excel_url: null,
    dataVencimento: null,
    criadoEm: new Date('2026-11-01T12:00:00Z'),
    emailCliente: null,
    criador: null,
    vencimento: { status: 'ativo', diasRestantes: null, diasVencido: 0 },
  };

  it('is what the server sends and what the web reads once it is JSON', () => {
    const enviado = laudosNoServidor.umLaudo.parse({ laudo });
    const recebido = laudosNaWeb.umLaudo.parse(JSON.parse(JSON.stringify(enviado)));
    expect(recebido.laudo.criado_em).toBe('2026-11-01T12:00:00.000Z');
    expect(laudosNaWeb.umLaudo.safeParse({ laudo: { ...recebido.laudo, vencimento: null } }).success).toBe(
      false,
    );
  });
});
