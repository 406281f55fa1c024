import { createHmac, randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { convites, emailOutbox, empresas, pedidosEmpresa, planos } from '../../src/db/schema.ts';
import { hashDoToken } from '../../src/modules/equipes/convites.ts';
import { createContaComSenha, type NovaConta } from '../../src/modules/usuarios/service.ts';
import { signIn, TEST_ORIGIN, type TestServer } from './server.ts';
import { waitUntil } from './wait.ts';

export const json = (cookie?: string) => ({
  origin: TEST_ORIGIN,
  'content-type': 'application/json',
  ...(cookie ? { cookie } : {}),
});

/** The id of the seeded plan named `nome` ('Básico', 'Profissional', 'Empresarial'). */
export async function planoChamado(t: TestServer, nome: string): Promise<string> {
  const [plano] = await t.server.database.db
    .select({ id: planos.id })
    .from(planos)
    .where(eq(planos.nome, nome));
  if (!plano) throw new Error(`plano ${nome} não encontrado`);
  return plano.id;
}

/** The id of the company whose name is exactly `nome`, created (on no plan) when there is none. */
export async function empresaDeTeste(t: TestServer, nome: string, dados: { planoId?: string | null } = {}) {
  const db = t.server.database.db;
  const [achada] = await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.nomeFantasia, nome));
  if (achada) return achada.id;
  const [criada] = await db
    .insert(empresas)
    .values({ razaoSocial: nome, nomeFantasia: nome, planoId: dados.planoId ?? null })
    .returning({ id: empresas.id });
  return criada!.id;
}

/**
 * A pending invitation to the company's team, straight in the database (stored as the service
 * stores it: the token's hash only), with the token its e-mail would carry.
 */
export async function conviteDeTeste(
  t: TestServer,
  empresaId: string,
  email = `convidado-${Math.random().toString(36).slice(2, 8)}@acme.com.br`,
) {
  const token = randomBytes(32).toString('base64url');
  const [convite] = await t.server.database.db
    .insert(convites)
    .values({
      empresaId,
      email,
      tokenHash: hashDoToken(token),
      expiraEm: new Date(Date.now() + 7 * 86_400_000),
    })
    .returning({ id: convites.id });
  return { id: convite!.id, email, token };
}

/** A client with no company asking to join one: the id of the pending request. */
export async function pedidoDeTeste(t: TestServer, nome = 'Empresa Pedida') {
  const u = await createUser(t, {
    email: `pedido-${Math.random().toString(36).slice(2, 8)}@gmail.com`,
    empresa: nome,
  });
  const [pedido] = await t.server.database.db
    .select({ id: pedidosEmpresa.id })
    .from(pedidosEmpresa)
    .where(eq(pedidosEmpresa.usuarioId, u.id));
  return pedido!.id;
}

/**
 * A user, straight in the database. `empresa` names a company: with `empresaConfirmada` the person
 * belongs to it (found or created by that exact name; gestor unless `papel` says), without it the
 * name is only a pending request to join (as a sign-up leaves it).
 */
export async function createUser(
  t: TestServer,
  overrides: Partial<NovaConta> & { empresa?: string | null; empresaConfirmada?: boolean } = {},
) {
  const { empresa, empresaConfirmada, ...resto } = overrides;
  const empresaId =
    empresa && empresaConfirmada ? await empresaDeTeste(t, empresa) : (resto.empresaId ?? null);
  const input: NovaConta = {
    email: `cliente-${Math.random().toString(36).slice(2, 8)}@acme.com.br`,
    nome: 'Cliente Teste',
    password: 'senha-do-cliente',
    tipo: 'cliente',
    // An account whose owner proved the address (decision 011); pass false for a fresh sign-up.
    emailVerified: true,
    ...resto,
    empresaId,
    papel: resto.papel ?? (empresaId ? 'gestor' : 'membro'),
  };
  const usuario = await t.server.database.db.transaction(async (tx) => {
    const u = await createContaComSenha(tx, input);
    if (empresa && !empresaConfirmada)
      await tx.insert(pedidosEmpresa).values({ usuarioId: u.id, nome: empresa });
    return u;
  });
  return { ...usuario, password: input.password };
}

export async function createAdmin(t: TestServer) {
  const admin = await createUser(t, {
    email: `firma-${Math.random().toString(36).slice(2, 8)}@laudos.test`,
    nome: 'Firma',
    tipo: 'admin',
  });
  return { ...admin, cookie: await signIn(t.app, admin.email, admin.password) };
}

/** The newest message the outbox transport kept for an address (waits for the worker). */
export async function lastEmailTo(t: TestServer, to: string, subjectIncludes = '') {
  return waitUntil(
    async () => {
      const rows = await t.server.database.db
        .select()
        .from(emailOutbox)
        .where(eq(sql`lower(${emailOutbox.toEmail})`, to.toLowerCase()))
        .orderBy(desc(emailOutbox.createdAt));
      return rows.find((r) => r.subject.includes(subjectIncludes)) ?? null;
    },
    { what: `an e-mail to ${to} (${subjectIncludes})` },
  );
}

export function cookiesOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.map((c) => String(c).split(';')[0]).join('; ');
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as an authenticator app computes it. */
export function totp(base32Secret: string, now = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of base32Secret.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / 30)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}
