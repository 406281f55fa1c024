import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authAccount, authUser, usuarios } from '../../db/schema.ts';
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
    emailVerified: false,
    role: input.tipo === 'admin' ? 'admin' : 'user',
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(authAccount).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(input.password),
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
