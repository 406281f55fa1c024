import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { mockApi } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import { pagina, tipos } from '../test/laudo-factory';

const plano = (dataExport: boolean) => ({
  id: 'p-1',
  nome: dataExport ? 'Profissional' : 'Básico',
  preco: 99.9,
  maxLaudos: 100,
  maxUsuarios: 3,
  notificacoes: true,
  whatsappAlerts: false,
  emailSupport: true,
  prioritySupport: false,
  customReports: false,
  apiAccess: false,
  dataExport,
  customBranding: false,
});

function abrir(dataExport: boolean) {
  mockApi({
    'GET /api/me': { body: perfil({ plano: plano(dataExport) }) },
    'GET /api/tipos-laudo': tipos,
    'GET /api/laudos': () => pagina([]),
  });
  renderApp(`${paths.vencimentos}?ordem=codigo&direcao=desc`);
}

describe('Exportar (the plan feature data_export)', () => {
  it('with the feature: downloads the list as Excel or CSV, with its filters and order', async () => {
    abrir(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Exportar laudos' });
    const xlsx = within(dialogo).getByRole('link', { name: 'Planilha Excel (.xlsx)' });
    expect(xlsx.getAttribute('href')).toBe('/api/laudos/exportar?formato=xlsx&ordem=codigo&direcao=desc');
    expect(xlsx.hasAttribute('download')).toBe(true);
    expect(within(dialogo).getByRole('link', { name: 'CSV (Excel em português)' }).getAttribute('href')).toBe(
      '/api/laudos/exportar?formato=csv&ordem=codigo&direcao=desc',
    );
  });

  it('without it: says what it does and points to the plans, with no download', async () => {
    abrir(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Exportar laudos' });
    expect(within(dialogo).getByText('Seu plano não inclui exportação de dados.')).toBeTruthy();
    expect(
      within(dialogo).getByRole('link', { name: 'Ver os planos que incluem' }).getAttribute('href'),
    ).toBe('/planos');
    expect(within(dialogo).queryByRole('link', { name: /xlsx/ })).toBeNull();
  });
});
