import { randomBytes, randomUUID } from 'node:crypto';
import { formatDateTimeBR } from '@laudos/domain';
import { hashPassword } from 'better-auth/crypto';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { authAccount, authUser, planos, usuarios } from '../../db/schema.ts';
import type { EmailRequest } from '../../email/delivery.ts';
import { AppError } from '../../http/errors.ts';
import { getPlanoPadrao } from '../planos/service.ts';

export interface NovaConta {
  email: string;
  nome: string;
  password: string;
  tipo: 'admin' | 'cliente';
  empresa?: string | null;
  empresaConfirmada?: boolean;
  telefone?: string | null;
  planoId?: string | null;
  primeiroAcesso?: boolean;
  senhaTemporariaExpiraEm?: Date | null;
  /** Whether the e-mail is known to belong to the person (Google/Microsoft sign-in links only to those). */
  emailVerified?: boolean;
  /** The password's scrypt hash, when it was computed before (a sign-up waiting for its link). */
  passwordHash?: string;
  /**
   * An account that holds this e-mail without ever proving it (a self sign-up nobody confirmed) is
   * removed, with its sessions, and the new account takes the address: an admin creating the user,
   * or the mailbox's owner following a link, outranks whoever typed the address first.
   */
  assumirEmailNaoConfirmado?: boolean;
}

/**
 * An account that holds an e-mail without having proven it: a client's self sign-up that never
 * followed its link, never had an e-mailed temporary password (first access) and never reset its
 * password. Such an account must never block the address's real owner.
 */
export async function contaNaoConfirmada(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .innerJoin(authUser, eq(authUser.id, usuarios.id))
    .where(
      and(
        eq(sql`lower(${usuarios.email})`, email.trim().toLowerCase()),
        eq(usuarios.tipo, 'cliente'),
        eq(usuarios.primeiroAcesso, false),
        eq(authUser.emailVerified, false),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Removes an unproven account (its profile, credentials and sessions go with it, by cascade). */
export async function removerContaNaoConfirmada(tx: DbOrTx, email: string): Promise<boolean> {
  const conta = await contaNaoConfirmada(tx, email);
  if (!conta) return false;
  await tx.delete(authUser).where(eq(authUser.id, conta.id));
  return true;
}

/** A random password that is easy to type from an e-mail: 16 characters, no look-alikes. */
export function generateTemporaryPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(16);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

export async function findUsuarioByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(usuarios)
    .where(eq(sql`lower(${usuarios.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/**
 * Creates an account with a password: the authentication user, its credential (scrypt hash, never
 * the password itself) and the usuarios profile. Run it inside a transaction.
 */
export async function createContaComSenha(tx: DbOrTx, input: NovaConta) {
  const email = input.email.trim().toLowerCase();
  if (input.assumirEmailNaoConfirmado) await removerContaNaoConfirmada(tx, email);
  if (await findUsuarioByEmail(tx, email)) {
    throw new AppError('EMAIL_EM_USO', 'Já existe um usuário com este e-mail.', 409);
  }
  const [existingAuth] = await tx
    .select({ id: authUser.id })
    .from(authUser)
    .where(eq(authUser.email, email))
    .limit(1);
  if (existingAuth) throw new AppError('EMAIL_EM_USO', 'Já existe um usuário com este e-mail.', 409);

  const planoId = input.planoId === undefined ? ((await getPlanoPadrao(tx))?.id ?? null) : input.planoId;
  const id = randomUUID();
  const now = new Date();
  await tx.insert(authUser).values({
    id,
    name: input.nome,
    email,
    emailVerified: input.emailVerified ?? false,
    role: input.tipo === 'admin' ? 'admin' : 'user',
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(authAccount).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: input.passwordHash ?? (await hashPassword(input.password)),
    createdAt: now,
    updatedAt: now,
  });
  const [usuario] = await tx
    .insert(usuarios)
    .values({
      id,
      nome: input.nome,
      email,
      tipo: input.tipo,
      empresa: input.empresa ?? null,
      empresaConfirmada: input.empresaConfirmada ?? false,
      telefone: input.telefone ?? null,
      planoId,
      primeiroAcesso: input.primeiroAcesso ?? false,
      senhaTemporariaExpiraEm: input.senhaTemporariaExpiraEm ?? null,
    })
    .returning();
  return usuario!;
}

// ---------------------------------------------------------------------------------------------
// Administration
// ---------------------------------------------------------------------------------------------

export interface FiltroUsuarios {
  busca?: string;
  tipo?: 'admin' | 'cliente';
  ativo?: boolean;
  planoId?: string;
  pagina: number;
  porPagina: number;
}

const usuarioColumns = {
  id: usuarios.id,
  nome: usuarios.nome,
  email: usuarios.email,
  tipo: usuarios.tipo,
  empresa: usuarios.empresa,
  empresaConfirmada: usuarios.empresaConfirmada,
  telefone: usuarios.telefone,
  ativo: usuarios.ativo,
  primeiroAcesso: usuarios.primeiroAcesso,
  planoId: usuarios.planoId,
  planoNome: planos.nome,
  criadoEm: usuarios.criadoEm,
};

type UsuarioRow = { planoId: string | null; planoNome: string | null } & Record<string, unknown>;

export function toUsuarioAdmin<T extends UsuarioRow>(row: T) {
  const { planoId, planoNome, ...rest } = row;
  return { ...rest, plano: planoId && planoNome ? { id: planoId, nome: planoNome } : null };
}

export async function listarUsuarios(db: DbOrTx, f: FiltroUsuarios) {
  const conditions: SQL[] = [];
  if (f.busca) {
    const like = containsPattern(f.busca);
    conditions.push(
      or(
        sql`lower(${usuarios.nome}) like ${like}`,
        sql`lower(${usuarios.email}) like ${like}`,
        sql`lower(coalesce(${usuarios.empresa}, '')) like ${like}`,
      )!,
    );
  }
  if (f.tipo) conditions.push(eq(usuarios.tipo, f.tipo));
  if (f.ativo !== undefined) conditions.push(eq(usuarios.ativo, f.ativo));
  if (f.planoId) conditions.push(eq(usuarios.planoId, f.planoId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(usuarios)
    .where(where);
  const rows = await db
    .select(usuarioColumns)
    .from(usuarios)
    .leftJoin(planos, eq(planos.id, usuarios.planoId))
    .where(where)
    .orderBy(asc(usuarios.email))
    .limit(f.porPagina)
    .offset((f.pagina - 1) * f.porPagina);
  return { usuarios: rows.map(toUsuarioAdmin), total, pagina: f.pagina, porPagina: f.porPagina };
}

export async function getUsuario(db: DbOrTx, id: string) {
  const [row] = await db
    .select(usuarioColumns)
    .from(usuarios)
    .leftJoin(planos, eq(planos.id, usuarios.planoId))
    .where(eq(usuarios.id, id))
    .limit(1);
  if (!row) throw new AppError('NAO_ENCONTRADO', 'Usuário não encontrado.', 404);
  return toUsuarioAdmin(row);
}

export async function assertPlano(db: DbOrTx, planoId: string | null | undefined) {
  if (!planoId) return;
  const [p] = await db.select({ id: planos.id }).from(planos).where(eq(planos.id, planoId)).limit(1);
  if (!p) throw new AppError('PLANO_INVALIDO', 'Plano não encontrado.', 400);
}

export function temporaryPasswordExpiry(ttlDays: number, now = new Date()): Date {
  return new Date(now.getTime() + ttlDays * 86_400_000);
}

export function emailSenhaTemporaria(
  type: 'boas_vindas' | 'senha_temporaria',
  u: { id: string; nome: string; email: string; empresa: string | null },
  senha: string,
  expira: Date,
  publicUrl: string,
  timeZone: string,
): EmailRequest {
  return {
    type,
    to: u.email,
    toName: u.nome,
    userId: u.id,
    variables: {
      usuario_nome: u.nome,
      usuario_email: u.email,
      senha_temporaria: senha,
      senha_expira_em: formatDateTimeBR(expira, timeZone),
      cliente_empresa: u.empresa ?? '',
      link_login: `${publicUrl}/login`,
    },
  };
}
