import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { apiError, callsTo, mockApi, signedOut } from '../../../test/api-mock';
import { perfil } from '../../../test/factories';
import { renderApp } from '../../../test/render';

type Item = { tipo: string; canal: 'email' | 'whatsapp'; ativo: boolean };
const tipos = ['lembrete_antes', 'lembrete_vencido', 'resumo_mensal', 'renovacao'];
const grade = (desligados: string[] = [], whatsapp = { noPlano: true, optIn: false }) => ({
  itens: tipos.flatMap((tipo) =>
    (['email', 'whatsapp'] as const).map(
      (canal): Item => ({ tipo, canal, ativo: !desligados.includes(`${tipo}|${canal}`) }),
    ),
  ),
  obrigatorios: ['lembrete_vencido'],
  whatsapp,
});

const chave = (nome: string, linha: string) =>
  screen.getByRole('switch', { name: new RegExp(`^${nome} \\(${linha}\\)$`) });

describe('/preferencias', () => {
  it('shows kind × channel, saves a switch with a toast, locks the obligatory kind and the WhatsApp column without opt-in', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/preferencias': { body: grade() },
      'PUT /api/preferencias': { body: grade(['resumo_mensal|email']) },
    });
    renderApp(paths.preferencias);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Preferências de notificação' }),
    ).toBeTruthy();

    const resumo = await screen.findByRole('switch', { name: /^E-mail \(Resumo mensal\)$/ });
    expect(resumo.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(resumo);
    expect(await screen.findByText('Preferências salvas')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/preferencias')).toEqual([
      { itens: [{ tipo: 'resumo_mensal', canal: 'email', ativo: false }] },
    ]);
    expect(chave('E-mail', 'Resumo mensal').getAttribute('aria-checked')).toBe('false');

    // The firm's obligatory kind: on and locked, and said so.
    const vencido = chave('E-mail', 'Avisos de laudo vencido');
    expect(vencido.getAttribute('aria-checked')).toBe('true');
    expect((vencido as HTMLButtonElement).disabled).toBe(true);
    const linha = vencido.closest('li')!;
    expect(within(linha as HTMLElement).getByText(/Obrigatório: a empresa de inspeção/)).toBeTruthy();

    // No WhatsApp opt-in yet: the column is off, with what to do.
    expect((chave('WhatsApp', 'Lembretes antes do vencimento') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Configure o WhatsApp/)).toBeTruthy();
  });

  it('without the plan feature, the WhatsApp note says so; a refused save shows its message', async () => {
    mockApi({
      'GET /api/me': { body: perfil() },
      'GET /api/preferencias': { body: grade([], { noPlano: false, optIn: false }) },
      'PUT /api/preferencias': apiError(400, 'DADOS_INVALIDOS', 'Tipo de mensagem desconhecido.'),
    });
    renderApp(paths.preferencias);
    expect(await screen.findByText(/não inclui alertas por WhatsApp/)).toBeTruthy();
    fireEvent.click(chave('E-mail', 'Lembretes antes do vencimento'));
    expect(await screen.findByText('Não foi possível salvar')).toBeTruthy();
    expect(screen.getByText('Tipo de mensagem desconhecido.')).toBeTruthy();
  });
});

describe('/descadastro/:token', () => {
  const TOKEN = 'a.u1.assinatura';
  const link = {
    tipo: 'lembrete_antes',
    rotulo: 'Lembretes antes do vencimento',
    email: 'ma***@metalurgica.com.br',
    descadastrado: false,
    obrigatorio: false,
  };

  it('opening changes nothing; the button unsubscribes, without signing in', async () => {
    const fetchMock = mockApi({
      'GET /api/me': signedOut,
      [`GET /api/descadastro/${TOKEN}`]: { body: link },
      [`POST /api/descadastro/${TOKEN}`]: { body: { ...link, descadastrado: true } },
    });
    renderApp(`/descadastro/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Descadastrar e-mails' })).toBeTruthy();
    expect(await screen.findByText('lembretes antes do vencimento')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/descadastro/${TOKEN}`)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar descadastro' }));
    expect((await screen.findByText(/^Pronto:/)).textContent).toBe(
      'Pronto: você não receberá mais lembretes antes do vencimento por e-mail em ma***@metalurgica.com.br.',
    );
    expect(callsTo(fetchMock, `POST /api/descadastro/${TOKEN}`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Preferências de notificação' }).getAttribute('href')).toBe(
      paths.preferencias,
    );
  });

  it('a forged link says so', async () => {
    mockApi({
      'GET /api/me': signedOut,
      [`GET /api/descadastro/${TOKEN}`]: apiError(404, 'LINK_INVALIDO', 'Link de descadastro inválido.'),
    });
    renderApp(`/descadastro/${TOKEN}`);
    expect(await screen.findByText('Link de descadastro inválido.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirmar descadastro' })).toBeNull();
  });
});
