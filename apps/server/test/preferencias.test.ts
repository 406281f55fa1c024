import type { ParsedMail } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { laudos } from '../src/db/schema.ts';
import { createUser, empresaDeTeste, json, planoChamado } from './helpers/accounts.ts';
import { testEngine } from './helpers/db.ts';
import { startSmtpPeer } from './helpers/mail-peers.ts';
import { servidorNoTempo } from './helpers/relogio.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';
import { waitUntil } from './helpers/wait.ts';

const _SP = 'America/Sao_Paulo';
let t: TestServer | undefined;
let peer: Awaited<ReturnType<typeof startSmtpPeer>> | undefined;
afterEach(async () => {
  await t?.close();
  await peer?.close();
  t = undefined;
  peer = undefined;
});

/** The raw header lines of a received message named `key` (lower case). */
const linhas = (m: ParsedMail, key: string) => m.headerLines.filter((h) => h.key === key).map((h) => h.line);

describe(`notification preferences and one-click unsubscribe (${testEngine})`, () => {
  it('a reminder carries one List-Unsubscribe pair and a password reset none; the one-click POST, without a session, turns the kind off and the next run skips and counts the person; a locked kind is still sent; GET and forged tokens change nothing', {
    timeout: 180_000,
  }, async () => {
    peer = await startSmtpPeer();
    const servidor = await servidorNoTempo(
      '2027-01-29',
      {
        JOBS: 'on',
        EMAIL_TRANSPORT: 'smtp',
        SMTP_URL: peer.url,
        EMAIL_RATE_PER_SECOND: '100',
        JOBS_SUPERVISE_SECONDS: '1',
      },
      { ultimaExecucao: '2027-01-29' },
    );
    t = servidor.t;
    const { db, verificar } = servidor;
    const empresaId = await empresaDeTeste(t, 'Acme Preferências', {
      planoId: await planoChamado(t, 'Empresarial'),
    });
    const ana = await createUser(t, { email: 'ana@acme.com.br', nome: 'Ana', empresaId, papel: 'gestor' });
    await createUser(t, { email: 'bruno@acme.com.br', nome: 'Bruno', empresaId, papel: 'gestor' });
    const laudo = (codigo: string, dataVencimento: string) => ({
      nome: `Vaso ${codigo}`,
      codigo,
      cliente: 'Acme Preferências',
      tipo: 'NR-13',
      empresaId,
      dataVencimento,
    });
    // 30 days before on 01-30; V-1: due (vencido, day 0) on 01-30.
    await db.insert(laudos).values([laudo('A-1', '2027-03-01'), laudo('V-1', '2027-01-30')]);
    expect(await verificar('2027-01-30')).toMatchObject({ enfileirados: 4, descadastrados: 0 });

    const recebido = (para: string, codigo: string) =>
      waitUntil(
        () =>
          peer!.received.find(
            (m) =>
              m.to && !Array.isArray(m.to) && m.to.value[0]?.address === para && m.text?.includes(codigo),
          ),
        { what: `lembrete de ${codigo} para ${para}`, timeoutMs: 60_000 },
      );
    const lembrete = await recebido('ana@acme.com.br', 'A-1');
    // ONE List-Unsubscribe header with the HTTPS (here http://localhost) link and the mailto.
    const cabecalho = linhas(lembrete, 'list-unsubscribe');
    expect(cabecalho).toHaveLength(1);
    const m = /<(https?:\/\/[^>]+\/api\/descadastro\/([^>]+))>,\s*<(mailto:[^>]+)>/.exec(cabecalho[0]!);
    expect(m, cabecalho[0]).not.toBeNull();
    const [, umClique, token, mailto] = m as unknown as [string, string, string, string];
    expect(mailto).toContain(`mailto:${t.server.settings.get().contact.email}`);
    expect(linhas(lembrete, 'list-unsubscribe-post')).toEqual([
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    ]);
    // The footer links to the same token's page.
    expect(lembrete.text).toContain(`Descadastre-se: ${t.config.publicUrl}/descadastro/${token}`);
    expect(lembrete.html).toContain('Descadastre-se</a>');
    const vencido = await recebido('ana@acme.com.br', 'V-1');
    const tokenVencido = /\/api\/descadastro\/([^>]+)>/.exec(linhas(vencido, 'list-unsubscribe')[0]!)![1]!;
    expect(tokenVencido).not.toBe(token);

    // A password reset is transactional: no unsubscribe header.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: json(),
      payload: { email: 'bruno@acme.com.br', redirectTo: '/reset-password' },
    });
    expect(reset.statusCode).toBe(200);
    const redefinicao = await waitUntil(
      () => peer!.received.find((x) => linhas(x, 'x-laudos-template')[0]?.endsWith('redefinir_senha')),
      { what: 'o e-mail de redefinição', timeoutMs: 60_000 },
    );
    expect(linhas(redefinicao, 'list-unsubscribe')).toEqual([]);
    expect(linhas(redefinicao, 'list-unsubscribe-post')).toEqual([]);
    expect(redefinicao.text).not.toContain('Descadastre-se');

    const caminho = new URL(umClique).pathname;
    // GET (a mail scanner, the page) reads only; a browser is sent to the confirmation page.
    const lido = await t.app.inject({ url: caminho, headers: { accept: 'application/json' } });
    expect(lido.statusCode).toBe(200);
    expect(lido.json()).toMatchObject({
      tipo: 'lembrete_antes',
      rotulo: 'Lembretes antes do vencimento',
      descadastrado: false,
      obrigatorio: false,
    });
    const navegador = await t.app.inject({ url: caminho, headers: { accept: 'text/html,*/*' } });
    expect(navegador.statusCode).toBe(303);
    expect(navegador.headers.location).toBe(`/descadastro/${token}`);
    expect(
      (await t.app.inject({ url: caminho, headers: { accept: 'application/json' } })).json(),
    ).toMatchObject({ descadastrado: false });

    // A forged or tampered token: 404 with a message in pt-BR, nothing changes.
    const adulterado = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const ruim of [adulterado, `v${token.slice(1)}`, 'qualquer-coisa']) {
      const r = await t.app.inject({ method: 'POST', url: `/api/descadastro/${ruim}` });
      expect(r.statusCode).toBe(404);
      expect(r.json().error).toMatchObject({ code: 'LINK_INVALIDO' });
      expect(r.json().error.message).toContain('Link de descadastro inválido');
    }

    // The mail provider's one-click POST (RFC 8058): a form body, no session, no Origin.
    const umCliquePost = () =>
      t!.app.inject({
        method: 'POST',
        url: caminho,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const feito = await umCliquePost();
    expect(feito.statusCode).toBe(200);
    expect(feito.json()).toMatchObject({ tipo: 'lembrete_antes', descadastrado: true });
    expect((await umCliquePost()).statusCode).toBe(200); // idempotent
    // Ana also unsubscribes from the after-expiry notices, which the firm made obligatory.
    const obrigatorio = await t.app.inject({ method: 'POST', url: `/api/descadastro/${tokenVencido}` });
    expect(obrigatorio.json()).toMatchObject({ tipo: 'lembrete_vencido', obrigatorio: true });

    // Her page shows the choice, and the lock.
    const cookie = await signIn(t.app, ana.email, ana.password);
    const pagina = (await t.app.inject({ url: '/api/preferencias', headers: json(cookie) })).json();
    expect(pagina.obrigatorios).toEqual(['lembrete_vencido']);
    expect(pagina.itens).toContainEqual({ tipo: 'lembrete_antes', canal: 'email', ativo: false });
    expect(pagina.itens).toContainEqual({ tipo: 'resumo_mensal', canal: 'email', ativo: true });

    // The next run: Ana is skipped for the before-expiry reminder (counted); the locked after-expiry
    // notice still reaches her; Bruno gets both.
    await db.insert(laudos).values([laudo('A-2', '2027-03-02'), laudo('V-2', '2027-01-31')]);
    expect(await verificar('2027-01-31')).toMatchObject({ enfileirados: 3, descadastrados: 1 });
    await recebido('ana@acme.com.br', 'V-2');
    await recebido('bruno@acme.com.br', 'A-2');
    await recebido('bruno@acme.com.br', 'V-2');
    expect(
      peer.received.some(
        (x) =>
          x.to &&
          !Array.isArray(x.to) &&
          x.to.value[0]?.address === 'ana@acme.com.br' &&
          x.text?.includes('A-2'),
      ),
    ).toBe(false);

    // The dry run counts her too.
    await db.insert(laudos).values(laudo('A-3', '2027-03-03'));
    const simulacao = await t.server.notificacoes.simular('2027-02-01');
    expect(simulacao.descadastrados).toBe(1);
  });

  it('GET/PUT /api/preferencias: own grid only, a locked kind cannot be turned off, a bad body is a pt-BR 400', async () => {
    t = await createTestServer();
    const u = await createUser(t, { email: 'carla@beta.com.br', nome: 'Carla' });
    expect((await t.app.inject({ url: '/api/preferencias' })).statusCode).toBe(401);
    const cookie = await signIn(t.app, u.email, u.password);
    const inicial = await t.app.inject({ url: '/api/preferencias', headers: json(cookie) });
    expect(inicial.statusCode).toBe(200);
    expect(inicial.json().itens).toHaveLength(8);
    expect(inicial.json().whatsapp).toEqual({ noPlano: false, optIn: false });
    const salvar = (itens: unknown) =>
      t!.app.inject({ method: 'PUT', url: '/api/preferencias', headers: json(cookie), payload: { itens } });
    const travado = await salvar([{ tipo: 'lembrete_vencido', canal: 'email', ativo: false }]);
    expect(travado.statusCode).toBe(400);
    expect(travado.json().error).toMatchObject({ code: 'PREFERENCIA_OBRIGATORIA' });
    expect(travado.json().error.message).toContain('Avisos de laudo vencido');
    const ruim = await salvar([{ tipo: 'novidades', canal: 'email', ativo: false }]);
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().error.code).toBe('DADOS_INVALIDOS');
    const ok = await salvar([
      { tipo: 'resumo_mensal', canal: 'email', ativo: false },
      { tipo: 'lembrete_antes', canal: 'whatsapp', ativo: false },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().itens).toContainEqual({ tipo: 'resumo_mensal', canal: 'email', ativo: false });
    expect(ok.json().itens).toContainEqual({ tipo: 'lembrete_antes', canal: 'whatsapp', ativo: false });
    // When the admin unlocks the kind, the person may turn it off.
    await t.server.settings.update({
      ...t.server.settings.get(),
      notifications: { ...t.server.settings.get().notifications, tiposObrigatorios: [] },
    });
    expect((await salvar([{ tipo: 'lembrete_vencido', canal: 'email', ativo: false }])).statusCode).toBe(200);
  });
});
