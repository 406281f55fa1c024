import { describe, expect, it } from 'vitest';
import { variaveisDoLaudo } from './variaveis-email.ts';

const laudo = {
  id: 'l-1',
  nome: 'Caldeira 01',
  codigo: 'NR13-001',
  tipo: 'NR-13',
  cliente: 'ACME Ltda',
  dataVencimento: '2026-12-01',
};
const publicUrl = 'https://laudos.example';

describe('variaveisDoLaudo', () => {
  it('counts the days on the given day, before and after the due date', () => {
    expect(variaveisDoLaudo(laudo, { hoje: '2026-11-21', publicUrl, clienteNome: 'Ana' })).toEqual({
      laudo_nome: 'Caldeira 01',
      laudo_codigo: 'NR13-001',
      laudo_tipo: 'NR-13',
      laudo_vencimento: '01/12/2026',
      laudo_url: 'https://laudos.example/laudos/l-1',
      cliente_empresa: 'ACME Ltda',
      cliente_nome: 'Ana',
      dias_para_vencer: 10,
      dias_vencido: 0,
    });
    expect(variaveisDoLaudo(laudo, { hoje: '2026-12-08', publicUrl })).toMatchObject({
      cliente_nome: '',
      dias_para_vencer: -7,
      dias_vencido: 7,
    });
  });

  it('leaves the dates empty for a laudo without a due date', () => {
    expect(
      variaveisDoLaudo({ ...laudo, dataVencimento: null }, { hoje: '2026-11-21', publicUrl }),
    ).toMatchObject({ laudo_vencimento: '', dias_para_vencer: '', dias_vencido: 0 });
  });
});
