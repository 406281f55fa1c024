import { describe, expect, it } from 'vitest';
import type { PgliteDatabaseHandle } from '../src/db/client.ts';
import { createAdmin, createUser, empresaDeTeste, json } from './helpers/accounts.ts';
import { createTestDatabase, testEngine } from './helpers/db.ts';
import { createTestServer } from './helpers/server.ts';

/*
 * Decision 045: on PGlite a test's database is handed to the next test of the same file once it is
 * put back as the template left it. These tests hold the reuse to that: what the next test gets
 * cannot be told apart from a fresh copy of the template.
 */

/** Every row of every table and every sequence's position, as one text to compare. */
async function conteudo(handle: PgliteDatabaseHandle): Promise<string> {
  const { pglite } = handle;
  const tabelas = (
    await pglite.query<{ nome: string }>(`
      select format('%I.%I', n.nspname, c.relname) as nome
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg_toast%'
       order by 1`)
  ).rows.map((r) => r.nome);
  const partes: string[] = [];
  for (const nome of tabelas) {
    const r = await pglite.query<{ h: string | null; n: number }>(
      `select md5(string_agg(x::text, '|' order by x::text)) as h, count(*)::int as n from ${nome} x`,
    );
    partes.push(`${nome}:${r.rows[0]!.n}:${r.rows[0]!.h ?? '-'}`);
  }
  const sequencias = await pglite.query<{ s: string }>(
    `select string_agg(format('%s.%s=%s', schemaname, sequencename, coalesce(last_value::text, 'novo')), ',' order by 1) as s from pg_sequences`,
  );
  partes.push(sequencias.rows[0]!.s);
  return partes.join('\n');
}

describe.skipIf(testEngine !== 'pglite')('a PGlite database handed to the next test', () => {
  it('holds exactly what a fresh copy of the template holds, after a test wrote to it', async () => {
    const primeiro = await createTestDatabase();
    const pglite = (primeiro.handle as PgliteDatabaseHandle).pglite;
    const modelo = await conteudo(primeiro.handle as PgliteDatabaseHandle);
    await primeiro.destroy();

    // A test's usual writes: the seed, users, a company, a laudo, sessions, e-mails in the outbox.
    const t = await createTestServer({
      ADMIN_EMAIL: 'firma@laudos.test',
      ADMIN_PASSWORD: 'senha-da-firma-123',
    });
    expect((t.database.handle as PgliteDatabaseHandle).pglite).toBe(pglite);
    const admin = await createAdmin(t);
    const empresaId = await empresaDeTeste(t, 'Reutilizada Ltda');
    await createUser(t, { email: 'gestor@reutilizada.com.br', empresaId });
    const criado = await t.app.inject({
      method: 'POST',
      url: '/api/laudos',
      headers: json(admin.cookie),
      payload: {
        nome: 'Vaso V-1',
        codigo: 'REU-1',
        cliente: 'Reutilizada Ltda',
        tipo: 'NR-13',
        emailCliente: 'gestor@reutilizada.com.br',
        dataVencimento: '2027-12-10',
      },
    });
    expect(criado.statusCode, criado.body).toBe(201);
    // Every sequence moved on too (today the product's ids are UUIDs; the migrations' table has one).
    await pglite.query(`select nextval(format('%I.%I', schemaname, sequencename)) from pg_sequences`);
    expect(await conteudo(t.database.handle as PgliteDatabaseHandle)).not.toBe(modelo);
    await t.close();

    const seguinte = await createTestDatabase();
    try {
      expect((seguinte.handle as PgliteDatabaseHandle).pglite).toBe(pglite);
      expect(await conteudo(seguinte.handle as PgliteDatabaseHandle)).toBe(modelo);
    } finally {
      await seguinte.destroy();
    }
  });

  it('is not handed on when a test changed its tables, or left a transaction open', async () => {
    const alterado = await createTestDatabase();
    const pglite = (alterado.handle as PgliteDatabaseHandle).pglite;
    await pglite.exec('create table sobra (id int)');
    await alterado.destroy();
    expect(pglite.closed).toBe(true);

    const aberto = await createTestDatabase();
    const outro = (aberto.handle as PgliteDatabaseHandle).pglite;
    await outro.exec('begin; insert into empresas (razao_social, nome_fantasia) values ($$A$$, $$A$$)');
    await aberto.destroy();
    expect(outro.closed).toBe(true);

    const novo = await createTestDatabase();
    try {
      expect(
        await (novo.handle as PgliteDatabaseHandle).pglite.query('select 1 from empresas'),
      ).toMatchObject({
        rows: [],
      });
    } finally {
      await novo.destroy();
    }
  });
});
