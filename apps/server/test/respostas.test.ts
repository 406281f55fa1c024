import { addDaysIso } from '@laudos/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { emailLogs, emailOutbox, laudos, respostasLembrete } from '../src/db/schema.ts';
import { createAdmin, json, lastEmailTo } from './helpers/accounts.ts';
import { testEngine } from './helpers/db.ts';
import { servidorNoTempo } from './helpers/relogio.ts';
import type { TestServer } from './helpers/server.ts';
import { waitUntil } from './helpers/wait.ts';

const _SP = 'America/Sao_Paulo';
let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The token of a button in a reminder's text body. */
function tokenDo(texto: string, rotulo: string): string {
  const m = new RegExp(`- ${rotulo}: \\S+/lembrete/(\\S+)`).exec(texto);
  if (!m) throw new Error(`sem o botão ${rotulo} no e-mail`);
  return m[1]!;
}

describe(`answering a reminder (${testEngine})`, () => {
  it('a renewal request from the 30-day reminder stops the before-expiry reminders, not the vencido notice; the firm is told; bad, repeated and old links do nothing', {
    timeout: 120_000,
  }, async () => {
    const servidor = await servidorNoTempo(
      '2027-01-29',
      { JOBS: 'on', EMAIL_RATE_PER_SECOND: '100', JOBS_SUPERVISE_SECONDS: '1' },
      { ultimaExecucao: '2027-01-29' },
    );
    t = servidor.t;
    const { db, verificar } = servidor;
    const vence = '2027-03-01';
    const novo = async (codigo: string, email: string) =>
      (
        await db
          .insert(laudos)
          .values({
            nome: `Vaso ${codigo}`,
            codigo,
            cliente: 'ACME Ltda',
            tipo: 'NR-13',
            emailCliente: email,
            dataVencimento: vence,
          })
          .returning({ id: laudos.id })
      )[0]!.id;
    const a = await novo('A-1', 'cliente@acme.com.br');
    const b = await novo('B-1', 'outra@beta.com.br');

    expect(await verificar('2027-01-30')).toMatchObject({ enfileirados: 2, respondidos: 0 });
    const lembrete = await lastEmailTo(t, 'cliente@acme.com.br', 'vence em 30 dias');
    expect(lembrete.html).toContain('Solicitar renovação');
    expect(lembrete.html).toContain('Já estou providenciando');
    const solicitar = tokenDo(lembrete.text, 'Solicitar renovação');
    const doOutro = await lastEmailTo(t, 'outra@beta.com.br', 'vence em 30 dias');

    // Without a session: the page reads the link, then the request is recorded once.
    const aberto = await t.app.inject({ url: `/api/respostas/${solicitar}` });
    expect(aberto.statusCode).toBe(200);
    expect(aberto.json()).toMatchObject({
      tipo: 'solicitacao',
      laudo: { codigo: 'A-1', dataVencimento: vence },
      registrada: null,
    });
    const pedido = {
      periodo: 'Primeira quinzena de fevereiro',
      contato: '(11) 98888-7777',
      observacao: '<b>Urgente</b>: visita pela manhã',
    };
    const enviar = (token: string, body: object = pedido) =>
      t!.app.inject({ method: 'POST', url: `/api/respostas/${token}`, headers: json(), payload: body });
    const primeira = await enviar(solicitar);
    expect(primeira.statusCode).toBe(200);
    expect(primeira.json()).toMatchObject({
      nova: true,
      registrada: { tipo: 'solicitacao', por: 'cliente@acme.com.br', periodo: pedido.periodo },
    });
    const repetida = await enviar(solicitar, {});
    expect(repetida.json()).toMatchObject({ nova: false, registrada: { periodo: pedido.periodo } });
    const pedidos = await db.select().from(respostasLembrete).where(eq(respostasLembrete.laudoId, a));
    expect(pedidos).toHaveLength(1);
    expect(pedidos[0]).toMatchObject({ tipo: 'solicitacao', estagio: 'solicitado', marco: 'vencendo:30' });

    // The firm's contact address is told once, with the client's note escaped.
    const aviso = await lastEmailTo(t, 'contato@laudos.com.br', 'Pedido de renovação');
    expect(aviso.subject).toBe('Pedido de renovação: Vaso A-1 (ACME Ltda)');
    expect(aviso.html).toContain('&lt;b&gt;Urgente&lt;/b&gt;');
    expect(aviso.html).not.toContain('<b>Urgente</b>');
    expect(aviso.text).toContain('Faltam 30 dias');
    const [avisos] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(eq(emailOutbox.toEmail, 'contato@laudos.com.br'));
    expect(avisos?.n).toBe(1);

    // A tampered link, and another laudo's reminder with this signature, are refused.
    const adulterado = `${solicitar.slice(0, -1)}${solicitar.endsWith('A') ? 'B' : 'A'}`;
    expect((await enviar(adulterado)).statusCode).toBe(404);
    const outroLaudo = `${tokenDo(doOutro.text, 'Solicitar renovação').split('.').slice(0, 2).join('.')}.${solicitar.split('.')[2]}`;
    const recusado = await enviar(outroLaudo);
    expect(recusado.statusCode).toBe(404);
    expect(recusado.json().error.code).toBe('LINK_INVALIDO');

    // The other client says "ciente" once.
    const ciente = tokenDo(doOutro.text, 'Já estou providenciando');
    expect((await enviar(ciente, {})).json()).toMatchObject({ nova: true, registrada: { tipo: 'ciente' } });
    expect((await enviar(ciente, {})).json()).toMatchObject({ nova: false });

    // Signed in, the laudo's page shows the request.
    const admin = await createAdmin(t);
    const doLaudo = await t.app.inject({ url: `/api/laudos/${a}/respostas`, headers: json(admin.cookie) });
    expect(doLaudo.json().respostas).toMatchObject([{ tipo: 'solicitacao', por: 'cliente@acme.com.br' }]);

    // Both answered: no 15/7/3/1-day reminder for this due date; the vencido notice goes (default).
    expect((await t.server.notificacoes.simular('2027-02-14')).respondidos).toBe(2);
    for (const dia of ['2027-02-14', '2027-02-22', '2027-02-26', '2027-02-28']) {
      expect(await verificar(dia)).toMatchObject({ enfileirados: 0, respondidos: 2, erros: 0 });
    }
    expect(await verificar(vence)).toMatchObject({ enfileirados: 2, respondidos: 0 });
    const deA = await db
      .select({ template: emailLogs.templateType })
      .from(emailLogs)
      .where(and(eq(emailLogs.laudoId, a), isNotNull(emailLogs.templateType)))
      .orderBy(asc(emailLogs.createdAt));
    expect(deA.map((e) => e.template)).toEqual(['vencimento_30', 'renovacao_solicitada', 'vencido_0']);
    expect(b).toBeTruthy();

    // Renewed: the old links are dead.
    await db
      .update(laudos)
      .set({ dataVencimento: addDaysIso(vence, 365) })
      .where(eq(laudos.id, a));
    const morto = await t.app.inject({ url: `/api/respostas/${solicitar}` });
    expect(morto.statusCode).toBe(410);
    expect(morto.json().error.code).toBe('LINK_EXPIRADO');
    expect((await enviar(solicitar)).statusCode).toBe(410);
    await waitUntil(async () => (await db.select().from(emailOutbox)).length >= 5, {
      what: 'every e-mail delivered',
    });
  });
});
