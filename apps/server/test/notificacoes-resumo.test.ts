import { addDaysIso, instanteLocal } from '@laudos/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  emailLogs,
  emailOutbox,
  laudos,
  notificationHistory,
  notificationRules,
  respostasLembrete,
} from '../src/db/schema.ts';
import type { EmailRequest } from '../src/email/delivery.ts';
import { createAdmin, createUser, empresaDeTeste, json, lastEmailTo } from './helpers/accounts.ts';
import { testEngine } from './helpers/db.ts';
import { servidorNoTempo as noTempo } from './helpers/relogio.ts';
import type { TestServer } from './helpers/server.ts';

/** Digests, per-type rules and escalation (issue 19, decision 031). */

const SP = 'America/Sao_Paulo';
let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A server whose scheduler reads a clock the test moves; the rules ran up to the day before `inicio`. */
async function servidorNoTempo(inicio: string, env?: Record<string, string>) {
  const servidor = await noTempo(inicio, env);
  t = servidor.t;
  return servidor;
}

async function novoLaudo(
  db: TestServer['server']['database']['db'],
  codigo: string,
  vence: string,
  extra: { emailCliente?: string | null; tipo?: string; empresaId?: string | null } = {},
) {
  const [row] = await db
    .insert(laudos)
    .values({
      nome: `Equipamento ${codigo}`,
      codigo,
      cliente: 'ACME Ltda',
      tipo: extra.tipo ?? 'NR-13',
      emailCliente: extra.emailCliente === undefined ? 'compras@acme.com.br' : extra.emailCliente,
      empresaId: extra.empresaId ?? null,
      dataVencimento: vence,
    })
    .returning({ id: laudos.id });
  return row!.id;
}

async function contar(db: TestServer['server']['database']['db'], onde: ReturnType<typeof eq>) {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(emailLogs).where(onde);
  return r!.n;
}

describe(`digest: one e-mail per recipient and run (${testEngine})`, () => {
  it('a recipient with 5 due laudos gets one e-mail listing 5, by urgency, with each laudo’s links; a crash, a rerun and overlapping runs still give one', {
    timeout: 120_000,
  }, async () => {
    const hoje = '2027-05-03';
    const { db, verificar } = await servidorNoTempo(hoje, {
      JOBS: 'on',
      EMAIL_RATE_PER_SECOND: '100',
      JOBS_SUPERVISE_SECONDS: '1',
    });
    const admin = await createAdmin(t!);
    const regras = (
      await t!.app.inject({ url: '/api/admin/notificacoes/regras', headers: json(admin.cookie) })
    ).json().regras as Array<{ id: string; kind: string }>;
    for (const r of regras.filter((x) => x.kind !== 'relatorio_mensal')) {
      const res = await t!.app.inject({
        method: 'PATCH',
        url: `/api/admin/notificacoes/regras/${r.id}`,
        headers: json(admin.cookie),
        payload: { resumo: true },
      });
      expect(res.json().regra.resumo).toBe(true);
    }
    // Due in 3, 7, 15 and 30 days, and expired 7 days ago: five milestones today, one recipient.
    const ids = [
      await novoLaudo(db, 'R-03', addDaysIso(hoje, 3)),
      await novoLaudo(db, 'R-07', addDaysIso(hoje, 7)),
      await novoLaudo(db, 'R-15', addDaysIso(hoje, 15)),
      await novoLaudo(db, 'R-30', addDaysIso(hoje, 30)),
      await novoLaudo(db, 'R-V7', addDaysIso(hoje, -7)),
    ];

    const simulacao = await t!.server.notificacoes.simular(hoje);
    expect(simulacao.resumos).toEqual([
      {
        destinatario: 'compras@acme.com.br',
        destinatarioNome: null,
        laudos: 5,
        assunto: '5 laudos precisam de atenção — o mais urgente venceu há 7 dias',
      },
    ]);
    expect(simulacao.itens.filter((i) => i.resumo)).toHaveLength(5);

    // A crash inside the digest's transaction (after its milestone rows, before the commit).
    const email = t!.server.email;
    const enqueue = email.enqueue.bind(email);
    email.enqueue = async (tx, pedido: EmailRequest) => {
      if (pedido.type === 'resumo_lembretes') throw new Error('processo morto no meio da transação');
      return enqueue(tx, pedido);
    };
    expect(await verificar(hoje)).toMatchObject({ enfileirados: 0, erros: 5, resumos: 0 });
    const [nada] = await db.select({ n: sql<number>`count(*)::int` }).from(notificationHistory);
    expect(nada!.n).toBe(0);
    email.enqueue = enqueue;

    // The next check redoes it; overlapping checks and a manual run find nothing left.
    const s = t!.server.notificacoes;
    const agora = instanteLocal(SP, hoje, '09:10');
    // (The job's own cron may join them: the counts below are read from the database.)
    await Promise.all([
      s.verificar({ origem: 'agendada', now: agora }),
      s.verificar({ origem: 'agendada', now: agora }),
      s.executar({ origem: 'manual', now: agora }),
    ]);
    expect(await verificar(addDaysIso(hoje, 0))).toBeNull();
    expect(await s.executar({ origem: 'manual', now: agora })).toMatchObject({ enfileirados: 0, resumos: 0 });

    expect(await contar(db, eq(emailLogs.recipientEmail, 'compras@acme.com.br'))).toBe(1);
    const historico = await db
      .select({ laudoId: notificationHistory.laudoId, tipo: notificationHistory.notificationType })
      .from(notificationHistory);
    expect(historico.map((h) => h.laudoId).sort()).toEqual([...ids].sort());

    const resumo = await lastEmailTo(t!, 'compras@acme.com.br', 'precisam de atenção');
    expect(resumo.subject).toBe('5 laudos precisam de atenção — o mais urgente venceu há 7 dias');
    const ordem = ['Vencidos', 'Vencem em até 7 dias', 'Vencem em até 30 dias'].map((g) =>
      resumo.html.indexOf(g),
    );
    expect(ordem.every((i, k) => i > 0 && (k === 0 || i > ordem[k - 1]!))).toBe(true);
    for (const codigo of ['R-03', 'R-07', 'R-15', 'R-30', 'R-V7']) expect(resumo.text).toContain(codigo);
    expect(resumo.text.indexOf('R-V7')).toBeLessThan(resumo.text.indexOf('R-03'));
    // Each laudo has its own answer links, and one of them records a request for that laudo alone.
    const tokens = [...resumo.text.matchAll(/Solicitar renovação: \S+\/lembrete\/(\S+)/g)].map((m) => m[1]!);
    expect(new Set(tokens).size).toBe(5);
    const r = await t!.app.inject({
      method: 'POST',
      url: `/api/respostas/${tokens[0]}`,
      headers: json(),
      payload: {},
    });
    expect(r.statusCode).toBe(200);
    const respostas = await db.select({ laudoId: respostasLembrete.laudoId }).from(respostasLembrete);
    expect(respostas).toEqual([{ laudoId: ids[4] }]);
    const [saidas] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(eq(emailOutbox.toEmail, 'compras@acme.com.br'));
    expect(saidas!.n).toBe(1);
  });
});

describe(`per-type rules and escalation (${testEngine})`, () => {
  it('elevators get their own rule (15, 7 and 1 days before); a rule limited to a type reaches only that type; unknown types are refused', async () => {
    const hoje = '2027-06-01';
    const { db, verificar } = await servidorNoTempo(hoje);
    const admin = await createAdmin(t!);
    const patch = (id: string, payload: object) =>
      t!.app.inject({
        method: 'PATCH',
        url: `/api/admin/notificacoes/regras/${id}`,
        headers: json(admin.cookie),
        payload,
      });
    const criada = await t!.app.inject({
      method: 'POST',
      url: '/api/admin/notificacoes/regras',
      headers: json(admin.cookie),
      payload: { kind: 'vencendo' },
    });
    expect(criada.statusCode).toBe(201);
    const elevadores = criada.json().regra;
    expect(elevadores).toMatchObject({ kind: 'vencendo', enabled: false, tipos: [] });
    const ruim = await patch(elevadores.id, { tipos: ['Elevadores', 'Foguetes'] });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().error.message).toBe('Tipo de laudo desconhecido: Foguetes.');
    const ok = await patch(elevadores.id, {
      name: 'Elevadores',
      tipos: ['Elevadores'],
      daysBefore: [15, 7, 1],
      enabled: true,
    });
    expect(ok.json().regra).toMatchObject({ tipos: ['Elevadores'], daysBefore: [15, 7, 1], enabled: true });
    // The default before-expiry rule no longer reaches elevators nor NR-13.
    const [padrao] = await db
      .select({ id: notificationRules.id })
      .from(notificationRules)
      .where(eq(notificationRules.slug, 'vencimento'));
    expect((await patch(padrao!.id, { tipos: ['NR-12'] })).statusCode).toBe(200);

    const elevador = await novoLaudo(db, 'ELV-1', addDaysIso(hoje, 15), { tipo: 'Elevadores' });
    const caldeira = await novoLaudo(db, 'NR13-1', addDaysIso(hoje, 15), { tipo: 'NR-13' });
    const prensa = await novoLaudo(db, 'NR12-1', addDaysIso(hoje, 30), { tipo: 'NR-12' });
    expect((await t!.server.notificacoes.simular(hoje)).foraDoTipo).toBe(1);
    expect(await verificar(hoje)).toMatchObject({ enfileirados: 2, foraDoTipo: 1 });
    const modelos = async (laudoId: string) =>
      (
        await db
          .select({ tipo: emailLogs.templateType })
          .from(emailLogs)
          .where(eq(emailLogs.laudoId, laudoId))
      ).map((e) => e.tipo);
    expect(await modelos(elevador)).toEqual(['vencimento_15']);
    expect(await modelos(caldeira)).toEqual([]);
    expect(await modelos(prensa)).toEqual(['vencimento_30']);
  });

  it('an expired, unanswered laudo is escalated once to its company’s gestores N days after the first notice: not before, not twice, not when answered', {
    timeout: 120_000,
  }, async () => {
    const vence = '2027-03-10';
    const { db, verificar } = await servidorNoTempo(vence);
    const acme = await empresaDeTeste(t!, 'ACME Ltda');
    await createUser(t!, { email: 'gestora@acme.com.br', nome: 'Gestora', empresaId: acme, papel: 'gestor' });
    await createUser(t!, { email: 'membro@acme.com.br', empresaId: acme, papel: 'membro' });
    const calado = await novoLaudo(db, 'CAL-1', vence, { empresaId: acme });
    const respondido = await novoLaudo(db, 'RESP-1', vence, { empresaId: acme });
    const [vencido] = await db
      .select({ id: notificationRules.id })
      .from(notificationRules)
      .where(eq(notificationRules.slug, 'vencido'));
    expect(
      (await db.select().from(notificationRules).where(eq(notificationRules.id, vencido!.id)))[0],
    ).toMatchObject({ escalarAposDias: 7 });

    const escalados = () =>
      db
        .select({ to: emailLogs.recipientEmail, laudoId: emailLogs.laudoId, subject: emailLogs.subject })
        .from(emailLogs)
        .where(eq(emailLogs.templateType, 'escalonamento'));
    const escaladosEm: string[] = [];
    for (let dia = vence; dia <= addDaysIso(vence, 15); dia = addDaysIso(dia, 1)) {
      if (dia === addDaysIso(vence, 2))
        await db.insert(respostasLembrete).values({
          laudoId: respondido,
          empresaId: acme,
          dataVencimento: vence,
          tipo: 'ciente',
          destinatario: 'compras@acme.com.br',
          marco: 'vencido:0',
          estagio: null,
        });
      if (dia === addDaysIso(vence, 7)) {
        const sim = await t!.server.notificacoes.simular(dia);
        expect(sim.itens.filter((i) => i.tipo === 'escalonamento')).toEqual([
          expect.objectContaining({ laudoCodigo: 'CAL-1', destinatario: 'gestora@acme.com.br', dias: 7 }),
        ]);
      }
      const antes = (await escalados()).length;
      const run = await verificar(dia);
      if ((await escalados()).length > antes) escaladosEm.push(dia);
      expect(run?.escalonamentos ?? 0).toBe((await escalados()).length - antes);
    }
    expect(escaladosEm).toEqual([addDaysIso(vence, 7)]);
    expect(await escalados()).toEqual([
      {
        to: 'gestora@acme.com.br',
        laudoId: calado,
        subject: 'Laudo vencido sem resposta há 7 dias: Equipamento CAL-1',
      },
    ]);
    const [h] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(notificationHistory)
      .where(
        and(
          eq(notificationHistory.notificationType, 'escalonamento'),
          eq(notificationHistory.laudoId, calado),
        ),
      );
    expect(h!.n).toBe(1);
  });
});
