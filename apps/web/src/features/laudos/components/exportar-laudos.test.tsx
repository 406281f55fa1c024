import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths';
import { apiError, mockApi } from '../../../test/api-mock';
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

describe('Exportação completa (ZIP com arquivos)', () => {
  const MB = 1024 * 1024;
  const rotulo = 'Exportação completa (ZIP com arquivos)';

  /** A download the test feeds chunk by chunk. */
  function zipAosPoucos(total: number) {
    let fonte!: ReadableStreamDefaultController<Uint8Array>;
    const corpo = new ReadableStream<Uint8Array>({
      start: (c) => {
        fonte = c;
      },
    });
    const response = new Response(corpo, {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Length': String(total),
        'Content-Disposition': 'attachment; filename="exportacao-completa-2026-11-26.zip"',
      },
    });
    return {
      response,
      enviar: (bytes: number) => fonte.enqueue(new Uint8Array(bytes)),
      fim: () => fonte.close(),
    };
  }

  function abrirComZip(answer: Parameters<typeof mockApi>[0][string]) {
    mockApi({
      'GET /api/me': { body: perfil({ plano: plano(true) }) },
      'GET /api/tipos-laudo': tipos,
      'GET /api/laudos': () => pagina([]),
      'GET /api/exportacao/completa': answer,
    });
    renderApp(paths.vencimentos);
  }

  it('shows the bytes received of the total and the percent, then saves the ZIP and says so', async () => {
    const zip = zipAosPoucos(2 * MB);
    abrirComZip({ response: zip.response });
    const salvos: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:zip', revokeObjectURL: () => {} }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      salvos.push(this.download);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Exportar laudos' });
    fireEvent.click(within(dialogo).getByRole('button', { name: rotulo }));

    zip.enviar(MB / 2);
    const barra = await within(dialogo).findByRole('progressbar', { name: `Progresso: ${rotulo}` });
    await waitFor(() => expect(barra.getAttribute('aria-valuetext')).toBe('0,5 MB de 2,0 MB (25%)'));
    expect(within(dialogo).getByText('0,5 MB de 2,0 MB (25%)')).toBeTruthy();
    zip.enviar(MB + MB / 2);
    zip.fim();
    expect(
      await within(dialogo).findByText('Download concluído: exportacao-completa-2026-11-26.zip foi salvo.'),
    ).toBeTruthy();
    expect(within(dialogo).queryByRole('progressbar')).toBeNull();
    expect(salvos).toEqual(['exportacao-completa-2026-11-26.zip']);
  });

  it('Cancelar stops the download; a refusal shows the server message', async () => {
    const zip = zipAosPoucos(2 * MB);
    let recusar = false;
    abrirComZip(() =>
      recusar
        ? apiError(403, 'RECURSO_FORA_DO_PLANO', 'Seu plano não inclui exportação de dados.')
        : { response: zip.response },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Exportar laudos' });
    fireEvent.click(within(dialogo).getByRole('button', { name: rotulo }));
    zip.enviar(MB);
    await within(dialogo).findByRole('progressbar', { name: `Progresso: ${rotulo}` });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    expect(await within(dialogo).findByText('Download cancelado.')).toBeTruthy();

    recusar = true;
    fireEvent.click(within(dialogo).getByRole('button', { name: rotulo }));
    expect((await within(dialogo).findByRole('alert')).textContent).toBe(
      'Seu plano não inclui exportação de dados.',
    );
  });
});
