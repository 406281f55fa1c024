import { eq, sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db, DbOrTx } from './db/client.ts';
import { usuarios } from './db/schema.ts';
import { seedEmailTemplates } from './email/service.ts';
import { seedRegras } from './modules/notificacoes/regras.ts';
import { seedPlanos } from './modules/planos/service.ts';
import { createContaComSenha, generateTemporaryPassword } from './modules/usuarios/service.ts';
import { seedSettings } from './settings/store.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@laudos.local';

export type AdminSeedResult =
  | { kind: 'existing' }
  | { kind: 'created-from-env'; email: string }
  /** Created with a random password: the caller prints it once and it is never stored in clear. */
  | { kind: 'created-random'; email: string; password: string };

/** Plans, settings, e-mail templates and notification rules: what every installation needs, never overwriting edits. */
export async function seedReferenceData(tx: DbOrTx): Promise<void> {
  await seedPlanos(tx);
  await seedSettings(tx);
  await seedEmailTemplates(tx);
  await seedRegras(tx);
}

/**
 * Idempotent first-start seed: default plans, settings defaults, and the first admin. Safe when
 * several instances start at once on one PostgreSQL (a transaction-level advisory lock).
 */
export async function seed(db: Db, config: Config): Promise<AdminSeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727274002)`);
    await seedReferenceData(tx);

    const [admin] = await tx
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.tipo, 'admin'))
      .limit(1);
    if (admin) return { kind: 'existing' } as const;

    const email = config.admin.email ?? DEFAULT_ADMIN_EMAIL;
    if (config.admin.password) {
      await createContaComSenha(tx, {
        email,
        nome: config.admin.nome,
        password: config.admin.password,
        tipo: 'admin',
      });
      return { kind: 'created-from-env', email } as const;
    }
    const password = generateTemporaryPassword();
    // A printed password is a temporary one: the first sign-in asks for a new one.
    await createContaComSenha(tx, {
      email,
      nome: config.admin.nome,
      password,
      tipo: 'admin',
      primeiroAcesso: true,
    });
    return { kind: 'created-random', email, password } as const;
  });
}
