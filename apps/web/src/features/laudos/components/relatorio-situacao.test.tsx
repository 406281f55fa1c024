import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths';
import { apiError, mockApi } from '../../../test/api-mock';
import { admin, perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import { pagina, tipos } from '../test/laudo-factory';

const plano = (customReports: boolean) => ({
  id: 'p-1',
  nome: customReports ? 'Profissional' : 'Básico',
  preco: 99.9,
  maxLaudos: 100,
  maxUsuarios: 3,
  notificacoes: true,
  whatsappAlerts: false,
  emailSupport: true,
  prioritySupport: false,
  customReports,
  apiAccess: false,
  dataExport: false,
  customBranding: false,
});

const estatisticas = { body: { total: 0, ativos: 0, vencendo: 0, vencidos: 0, porTipo: [] } };
const pdf = {
  bytes: new TextEncoder().encode('%PDF-1.4'),
  headers: {
    'Content-Type': 'application/pdf',
    'Content-Disposition': 'attachment; filename="relatorio-situacao-2026-11-26.pdf"',
  },
};

function painel(usuario: ReturnType<typeof perfil>, relatorio: Parameters<typeof mockApi>[0][string]) {
  const chamadas: URLSearchParams[] = [];
  mockApi({
    'GET /api/me': { body: usuario },
    'GET /api/laudos/estatisticas': estatisticas,
    'GET /api/laudos': () => pagina([]),
    'GET /api/tipos-laudo': tipos,
    'GET /api/admin/empresas/opcoes': { body: { empresas: [] } },
    'GET /api/relatorios/situacao': (request) => {
      chamadas.push(request.url.searchParams);
      return typeof relatorio === 'function' ? relatorio(request) : relatorio;
    },
  });
  renderApp(paths.dashboard);
  return chamadas;
}

async function abrir() {
  fireEvent.click(
    await screen.findByRole('button', { name: 'Relatório de situação (PDF)' }, { timeout: 5000 }),
  );
  return screen.findByRole('dialog', { name: 'Relatório de situação (PDF)' });
}

afterEach(() => vi.restoreAllMocks());

describe('Relatório de situação (PDF), the plan feature custom_reports', () => {
  it('with the feature: the filters go to the server and the PDF is saved; a wrong period is said before asking', async () => {
    const salvo = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:relatorio', revokeObjectURL: () => {} }),
    );
    const chamadas = painel(perfil({ plano: plano(true) }), pdf);
    const dialogo = await abrir();
    expect(within(dialogo).queryByLabelText(/Empresa/)).toBeNull();
    fireEvent.change(within(dialogo).getByLabelText('Situação'), { target: { value: 'vencido' } });
    fireEvent.change(within(dialogo).getByLabelText(/Vencimento de/), { target: { value: '2027-03-01' } });
    fireEvent.change(within(dialogo).getByLabelText(/Vencimento até/), { target: { value: '2027-01-01' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Gerar PDF' }));
    expect(
      await within(dialogo).findByText('O início do período deve ser anterior ou igual ao fim.'),
    ).toBeTruthy();
    expect(chamadas).toHaveLength(0);

    fireEvent.change(within(dialogo).getByLabelText(/Vencimento até/), { target: { value: '2027-06-30' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Gerar PDF' }));
    expect(
      await within(dialogo).findByText(
        'PDF gerado: relatorio-situacao-2026-11-26.pdf. Confira a pasta de downloads.',
      ),
    ).toBeTruthy();
    expect(chamadas.map((q) => q.toString())).toEqual([
      'status=vencido&vencimentoDe=2027-03-01&vencimentoAte=2027-06-30',
    ]);
    expect(salvo).toHaveBeenCalledTimes(1);
    expect((salvo.mock.contexts[0] as HTMLAnchorElement).download).toBe('relatorio-situacao-2026-11-26.pdf');
  });

  it("shows the server's refusal in Portuguese", async () => {
    painel(
      perfil({ plano: plano(true) }),
      apiError(
        403,
        'RECURSO_FORA_DO_PLANO',
        'Seu plano não inclui relatórios personalizados. Disponível nos planos Profissional e Empresarial.',
      ),
    );
    const dialogo = await abrir();
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Gerar PDF' }));
    const alerta = await within(dialogo).findByRole('alert');
    expect(alerta.textContent).toBe(
      'Seu plano não inclui relatórios personalizados. Disponível nos planos Profissional e Empresarial.',
    );
    await waitFor(() => expect(within(dialogo).getByRole('button', { name: 'Gerar PDF' })).toBeTruthy());
  });

  it('without it: says what it does and points to the plans, with no form', async () => {
    painel(perfil({ plano: plano(false) }), pdf);
    const dialogo = await abrir();
    expect(within(dialogo).getByText('Seu plano não inclui relatórios personalizados.')).toBeTruthy();
    expect(
      within(dialogo).getByRole('link', { name: 'Ver os planos que incluem' }).getAttribute('href'),
    ).toBe('/planos');
    expect(within(dialogo).queryByRole('button', { name: 'Gerar PDF' })).toBeNull();
  });

  it('the admin may choose a company, or none for all', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:relatorio', revokeObjectURL: () => {} }),
    );
    const chamadas = painel(admin(), pdf);
    const dialogo = await abrir();
    expect(within(dialogo).getByRole('combobox', { name: /Empresa/ })).toBeTruthy();
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Gerar PDF' }));
    await within(dialogo).findByText(/PDF gerado/);
    expect(chamadas.map((q) => q.toString())).toEqual(['']);
  });
});
