import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { migrateDatabase, migrationsFolder } from '../src/db/client.ts';
import {
  authUser,
  empresas,
  laudos,
  notificationHistory,
  pedidosEmpresa,
  usuarios,
} from '../src/db/schema.ts';
import { escopoDoUsuario } from '../src/modules/laudos/service.ts';
import { createEmptyDatabase, type TestDatabase } from './helpers/db.ts';

/**
 * Issue 17's migration of today's data: a database built with the schema as it was before
 * companies (migrations up to 0006) and today's kinds of data is migrated; every client must see
 * exactly the laudos they saw before.
 */

/** The migrations up to (and including) `ultima`, in a folder of their own. */
function migracoesAte(ultima: string): string {
  const pasta = mkdtempSync(path.join(tmpdir(), 'laudos-migracoes-'));
  mkdirSync(path.join(pasta, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const fim = journal.entries.findIndex((e) => e.tag === ultima);
  expect(fim).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, fim + 1);
  writeFileSync(path.join(pasta, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(pasta, `${e.tag}.sql`));
  return pasta;
}

const pastas: string[] = [];
let current: TestDatabase | undefined;
afterEach(async () => {
  await current?.destroy();
  current = undefined;
});
afterAll(() => {
  for (const p of pastas) rmSync(p, { recursive: true, force: true });
});

type Pessoa = {
  id: string;
  email: string;
  empresa: string | null;
  confirmada: boolean;
  verificado: boolean;
  tipo?: 'admin' | 'cliente';
  plano?: 'Básico' | 'Empresarial';
};

// Today's kinds of data: one company typed with different case and spaces by two people, a company
// whose name differs from another only by accents, a claim never confirmed (the "stranger"), a
// person with no company, an unproven e-mail, laudos matched by name and by e-mail.
const pessoas: Pessoa[] = [
  { id: 'u-ana', email: 'ana@acme.com.br', empresa: 'ACME Ltda', confirmada: true, verificado: true },
  {
    id: 'u-bia',
    email: 'bia@acme.com.br',
    empresa: '  acme ltda ',
    confirmada: true,
    verificado: true,
    plano: 'Empresarial',
  },
  { id: 'u-caio', email: 'caio@beta.com.br', empresa: 'Beta SA', confirmada: true, verificado: false },
  { id: 'u-dani', email: 'dani@gmail.test', empresa: 'ACME Ltda', confirmada: false, verificado: true },
  { id: 'u-edu', email: 'edu@autonomo.test', empresa: null, confirmada: false, verificado: true },
  { id: 'u-fabio', email: 'fabio@acucar.com.br', empresa: 'Açúcar Doce', confirmada: true, verificado: true },
  { id: 'u-gil', email: 'gil@acucar2.com.br', empresa: 'Acucar Doce', confirmada: true, verificado: true },
  { id: 'u-hugo', email: 'hugo@naoprovado.test', empresa: null, confirmada: false, verificado: false },
  {
    id: 'u-admin',
    email: 'firma@laudos.test',
    empresa: null,
    confirmada: false,
    verificado: true,
    tipo: 'admin',
  },
];

const laudosDeHoje: { codigo: string; cliente: string; email: string | null }[] = [
  { codigo: 'A-1', cliente: 'ACME Ltda', email: null },
  { codigo: 'A-2', cliente: 'ACME LTDA ', email: 'ana@acme.com.br' },
  { codigo: 'A-3', cliente: ' acme ltda', email: 'compras@acme.com.br' },
  { codigo: 'B-1', cliente: 'Beta SA', email: 'edu@autonomo.test' },
  { codigo: 'B-2', cliente: 'beta sa', email: 'caio@beta.com.br' },
  { codigo: 'D-1', cliente: 'Zeta', email: 'dani@gmail.test' },
  { codigo: 'F-1', cliente: 'Açúcar Doce', email: null },
  { codigo: 'G-1', cliente: 'Acucar Doce', email: null },
  { codigo: 'H-1', cliente: 'Outra', email: 'HUGO@naoprovado.test' },
  { codigo: 'X-1', cliente: 'Sem Empresa', email: ' Ana@Acme.com.br ' },
];

describe("migration of today's companies (0007, 0008)", () => {
  it('every client sees exactly the laudos they saw before; claims become requests; companies merge by trimmed lower-case name only', async () => {
    current = await createEmptyDatabase();
    const pasta = migracoesAte('0006_drop_auth_rate_limit');
    pastas.push(pasta);
    await migrateDatabase(current.handle, pasta);
    const db = current.handle.db;
    const exec = async <T>(q: ReturnType<typeof sql>) =>
      ((await db.execute(q)) as unknown as { rows: T[] }).rows;

    await exec(
      sql`insert into planos (nome, preco, max_laudos, max_usuarios) values ('Básico', 0, 100, 3), ('Empresarial', 500, 1000, 50)`,
    );
    for (const p of pessoas) {
      await exec(
        sql`insert into auth_user (id, name, email, email_verified) values (${p.id}, ${p.id}, ${p.email}, ${p.verificado})`,
      );
      await exec(sql`insert into usuarios (id, nome, email, tipo, empresa, empresa_confirmada, plano_id)
        values (${p.id}, ${p.id}, ${p.email}, ${p.tipo ?? 'cliente'}, ${p.empresa}, ${p.confirmada},
                (select id from planos where nome = ${p.plano ?? 'Básico'}))`);
    }
    for (const l of laudosDeHoje)
      await exec(sql`insert into laudos (nome, codigo, cliente, tipo, email_cliente, data_vencimento)
        values (${`Laudo ${l.codigo}`}, ${l.codigo}, ${l.cliente}, 'NR-13', ${l.email}, '2027-01-10')`);
    // A reminder already sent (before recipients were part of the key).
    await exec(sql`insert into notification_history (laudo_id, template_type, notification_type, days_value, data_vencimento)
      select id, 'lembrete_vencimento', 'vencendo', 30, '2027-01-10' from laudos where codigo = 'A-2'`);

    // What each client saw with today's rule (the scoping function as it was: the proven e-mail, or
    // the confirmed company's name after trimming and lower-casing).
    const antes = new Map<string, string[]>();
    for (const p of pessoas.filter((x) => x.tipo !== 'admin')) {
      const rows = await exec<{ codigo: string }>(sql`
        select l.codigo from laudos l, usuarios u join auth_user a on a.id = u.id
        where u.id = ${p.id} and (
          (a.email_verified and lower(btrim(l.email_cliente)) = lower(btrim(u.email)))
          or (u.empresa_confirmada and btrim(coalesce(u.empresa, '')) <> '' and lower(btrim(l.cliente)) = lower(btrim(u.empresa))))
        order by l.codigo`);
      antes.set(
        p.id,
        rows.map((r) => r.codigo),
      );
    }
    // The fixture is meaningful: by name, by e-mail, and nothing for the stranger's claim.
    expect(antes.get('u-bia')).toEqual(['A-1', 'A-2', 'A-3']);
    expect(antes.get('u-ana')).toEqual(['A-1', 'A-2', 'A-3', 'X-1']);
    expect(antes.get('u-dani')).toEqual(['D-1']);
    expect(antes.get('u-fabio')).toEqual(['F-1']);

    await migrateDatabase(current.handle);

    for (const p of pessoas.filter((x) => x.tipo !== 'admin')) {
      const [u] = await db
        .select({
          tipo: usuarios.tipo,
          email: usuarios.email,
          empresaId: usuarios.empresaId,
          emailVerificado: authUser.emailVerified,
        })
        .from(usuarios)
        .innerJoin(authUser, eq(authUser.id, usuarios.id))
        .where(eq(usuarios.id, p.id));
      const depois = await db
        .select({ codigo: laudos.codigo })
        .from(laudos)
        .where(escopoDoUsuario(u!))
        .orderBy(laudos.codigo);
      expect(
        depois.map((r) => r.codigo),
        p.id,
      ).toEqual(antes.get(p.id));
    }

    // Names equal after trimming and lower-casing merged; accents kept two companies apart.
    const criadas = await db
      .select({
        nome: empresas.nomeFantasia,
        plano: sql<string>`(select nome from planos where id = ${empresas.planoId})`,
      })
      .from(empresas)
      .orderBy(empresas.nomeFantasia);
    expect(criadas).toEqual([
      // The first person's spelling, on the dearest plan among its people.
      { nome: 'ACME Ltda', plano: 'Empresarial' },
      { nome: 'Acucar Doce', plano: 'Básico' },
      { nome: 'Açúcar Doce', plano: 'Básico' },
      { nome: 'Beta SA', plano: 'Básico' },
    ]);
    // The laudos show their company's name; the others keep their text.
    const clientes = await db
      .select({ codigo: laudos.codigo, cliente: laudos.cliente })
      .from(laudos)
      .orderBy(laudos.codigo);
    expect(Object.fromEntries(clientes.map((c) => [c.codigo, c.cliente]))).toMatchObject({
      'A-2': 'ACME Ltda',
      'A-3': 'ACME Ltda',
      'B-2': 'Beta SA',
      'D-1': 'Zeta',
      'X-1': 'Sem Empresa',
    });
    // Its people are gestores with the company's reminders off (nobody gets new mail from the migration).
    const ana = await db.select().from(usuarios).where(eq(usuarios.id, 'u-ana'));
    expect(ana[0]).toMatchObject({ papel: 'gestor', receberLembretes: false });
    // The unconfirmed claim is a request for the admin.
    const pedidos = await db
      .select({
        usuarioId: pedidosEmpresa.usuarioId,
        nome: pedidosEmpresa.nome,
        status: pedidosEmpresa.status,
      })
      .from(pedidosEmpresa);
    expect(pedidos).toEqual([{ usuarioId: 'u-dani', nome: 'ACME Ltda', status: 'pendente' }]);
    // The reminder sent before has its recipient (the laudo's address).
    const historico = await db
      .select({ destinatario: notificationHistory.destinatario })
      .from(notificationHistory);
    expect(historico).toEqual([{ destinatario: 'ana@acme.com.br' }]);
  });
});
