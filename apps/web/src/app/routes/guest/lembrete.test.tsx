import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, mockApi, signedOut } from '../../../test/api-mock';
import { renderApp } from '../../../test/render';

const SOLICITAR = 's.tok-1';
const CIENTE = 'c.tok-2';

const laudo = { nome: 'Caldeira B-12', codigo: 'NR13-0042', dataVencimento: '2027-03-01' };
const registrada = (tipo: 'solicitacao' | 'ciente') => ({
  tipo,
  em: '2027-01-30T13:00:00.000Z',
  por: 'maria@metalurgica.com.br',
  periodo: tipo === 'solicitacao' ? 'Fevereiro, manhãs' : null,
  observacao: null,
});

describe('/lembrete/:token', () => {
  it('asks for the renewal without signing in and confirms it', async () => {
    const fetchMock = mockApi({
      'GET /api/me': signedOut,
      [`GET /api/respostas/${SOLICITAR}`]: {
        body: { tipo: 'solicitacao', laudo, destinatario: 'maria@metalurgica.com.br', registrada: null },
      },
      [`POST /api/respostas/${SOLICITAR}`]: { body: { nova: true, registrada: registrada('solicitacao') } },
    });
    renderApp(`/lembrete/${SOLICITAR}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Resposta ao lembrete' })).toBeTruthy();
    expect((await screen.findByText('Caldeira B-12')).closest('p')?.textContent).toBe(
      'Laudo Caldeira B-12 (código NR13-0042), vencimento em 01/03/2027.',
    );
    fireEvent.change(screen.getByLabelText(/Período preferido/), {
      target: { value: ' Fevereiro, manhãs ' },
    });
    fireEvent.change(screen.getByLabelText(/Observação/), { target: { value: 'Portão 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar renovação' }));

    expect((await screen.findByText(/Renovação solicitada em/)).textContent).toBe(
      'Renovação solicitada em 30/01/2027 por maria@metalurgica.com.br.',
    );
    expect(
      screen.getByText('Os lembretes antes do vencimento deste laudo foram interrompidos.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/respostas/${SOLICITAR}`)).toEqual([
      { periodo: 'Fevereiro, manhãs', observacao: 'Portão 2' },
    ]);
  });

  it('"Já estou providenciando" is recorded on opening, once', async () => {
    const fetchMock = mockApi({
      'GET /api/me': signedOut,
      [`GET /api/respostas/${CIENTE}`]: {
        body: { tipo: 'ciente', laudo, destinatario: 'maria@metalurgica.com.br', registrada: null },
      },
      [`POST /api/respostas/${CIENTE}`]: { body: { nova: true, registrada: registrada('ciente') } },
    });
    renderApp(`/lembrete/${CIENTE}`);
    expect((await screen.findByText(/Ciente: providenciando/)).textContent).toBe(
      'Ciente: providenciando (registrado em 30/01/2027 por maria@metalurgica.com.br).',
    );
    expect(callsTo(fetchMock, `POST /api/respostas/${CIENTE}`)).toHaveLength(1);
  });

  it('a request link already used shows the request, without the form', async () => {
    mockApi({
      'GET /api/me': signedOut,
      [`GET /api/respostas/${SOLICITAR}`]: {
        body: {
          tipo: 'solicitacao',
          laudo,
          destinatario: 'maria@metalurgica.com.br',
          registrada: registrada('solicitacao'),
        },
      },
    });
    renderApp(`/lembrete/${SOLICITAR}`);
    expect(await screen.findByText(/Renovação solicitada em 30\/01\/2027/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Solicitar renovação' })).toBeNull();
  });

  it('a renewed laudo’s old link says so', async () => {
    mockApi({
      'GET /api/me': signedOut,
      [`GET /api/respostas/${SOLICITAR}`]: apiError(
        410,
        'LINK_EXPIRADO',
        'Este link não vale mais: o vencimento do laudo mudou (o laudo foi renovado ou corrigido). Use o botão do e-mail de lembrete mais recente.',
      ),
    });
    renderApp(`/lembrete/${SOLICITAR}`);
    expect(await screen.findByText(/Este link não vale mais/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Solicitar renovação' })).toBeNull();
  });
});
