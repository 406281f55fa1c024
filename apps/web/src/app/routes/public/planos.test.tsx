import type { PlanoPublico } from '@laudos/domain';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PlanosPage } from './planos';

const recursos = {
  maxLaudos: 50,
  maxUsuarios: 3,
  notificacoes: true,
  whatsappAlerts: false,
  emailSupport: true,
  prioritySupport: false,
  customReports: false,
  apiAccess: false,
  dataExport: false,
  customBranding: false,
};

function plano(nome: string, preco: number, recomendado: boolean): PlanoPublico {
  return { id: `id-${nome}`, nome, descricao: null, preco, recursos, recomendado };
}

function renderPlanos(planos: PlanoPublico[]) {
  return render(
    <MemoryRouter>
      <PlanosPage planos={planos} />
    </MemoryRouter>,
  );
}

describe('planos page', () => {
  it('marks the recommended plan with a visible "Recomendado" that is part of its heading', () => {
    renderPlanos([
      plano('Básico', 99.9, false),
      plano('Profissional', 249.9, true),
      plano('Empresarial', 599, false),
    ]);

    // Heard as "Profissional, Recomendado" when going through the headings.
    const titulos = within(screen.getByRole('region', { name: 'Planos disponíveis' }))
      .getAllByRole('heading', { level: 2 })
      .filter((h) => h.closest('li'))
      .map((h) => h.textContent);
    expect(titulos).toEqual(['Básico', 'Profissional, Recomendado', 'Empresarial']);
    const selo = screen.getByText('Recomendado');
    expect(selo.className).not.toContain('sr-only');
    const cartao = screen
      .getByRole('heading', { level: 2, name: /^Profissional\W+Recomendado$/ })
      .closest('li');
    expect(cartao?.className).toContain('border-brand-700');
    expect(
      within(cartao as HTMLElement).getByRole('link', { name: /Contratar o plano Profissional/ }),
    ).toBeTruthy();
  });

  it('marks no plan when none is recommended', () => {
    renderPlanos([plano('Básico', 99.9, false), plano('Profissional', 249.9, false)]);
    expect(screen.queryByText('Recomendado')).toBeNull();
    expect(
      screen
        .getAllByRole('heading', { level: 2 })
        .filter((h) => h.closest('li'))
        .map((h) => h.textContent),
    ).toEqual(['Básico', 'Profissional']);
  });

  it('explains, under the cards, what the limits and each feature sold by some plan do today', () => {
    renderPlanos([
      plano('Básico', 0, false),
      {
        ...plano('Empresarial', 599, false),
        recursos: { ...recursos, dataExport: true, whatsappAlerts: true },
      },
    ]);
    const explicacao = screen.getByRole('region', { name: 'O que cada item inclui' });
    const termos = within(explicacao)
      .getAllByRole('term')
      .map((t) => t.textContent);
    // Sold by a plan: notifications and e-mail support (both), export and WhatsApp (Empresarial).
    expect(termos).toEqual([
      'Laudos e usuários',
      'Notificações por e-mail',
      'Alertas por WhatsApp',
      'Suporte por e-mail',
      'Exportação de dados',
    ]);
    expect(within(explicacao).getByText(/Excel ou CSV/)).toBeTruthy();
    // WhatsApp is sent now (decision 037): no "em breve" on the card; the explanation says who gets it.
    expect(screen.queryByText('Alertas por WhatsApp (em breve)')).toBeNull();
    expect(within(explicacao).getByText(/também pelo WhatsApp, para cada pessoa que cadastrar/)).toBeTruthy();
  });
});
