import { describe, expect, it } from 'vitest';
import { mensagemDeRecursoForaDoPlano } from './recursos.ts';

describe('mensagemDeRecursoForaDoPlano', () => {
  it('names the feature and the plans that include it, in pt-BR', () => {
    expect(mensagemDeRecursoForaDoPlano('dataExport', ['Profissional', 'Empresarial'])).toBe(
      'Seu plano não inclui exportação de dados. Disponível nos planos Profissional e Empresarial.',
    );
    expect(mensagemDeRecursoForaDoPlano('apiAccess', ['Empresarial'])).toBe(
      'Seu plano não inclui acesso à API. Disponível no plano Empresarial.',
    );
    expect(mensagemDeRecursoForaDoPlano('customReports', ['A', 'B', 'C'])).toBe(
      'Seu plano não inclui relatórios personalizados. Disponível nos planos A, B e C.',
    );
    expect(mensagemDeRecursoForaDoPlano('customBranding', [])).toBe(
      'Seu plano não inclui marca personalizada. Fale conosco para saber como ter este recurso.',
    );
  });

  it('names every feature of a route open to any of them, and the plans that include either', () => {
    expect(mensagemDeRecursoForaDoPlano(['emailSupport', 'prioritySupport'], ['Básico', 'Empresarial'])).toBe(
      'Seu plano não inclui suporte por e-mail nem suporte prioritário. Disponível nos planos Básico e Empresarial.',
    );
  });
});
