import { createHash } from 'node:crypto';
import type { MarcaDaEmpresa } from '@laudos/domain/api';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { empresas, planos } from '../../db/schema.ts';
import { CID_DO_LOGO_DA_EMPRESA } from '../../email/delivery.ts';
import type { AnexoDoEmail } from '../../email/transports.ts';
import { erro } from '../../http/errors.ts';
import { FileNotFoundError, type FileStorage } from '../../storage/storage.ts';

/**
 * A company's branding (plan feature `custom_branding`, decision 026): its logo (a PNG in the
 * storage) and colour. Saved whatever the plan; shown on reports and e-mails only while the plan
 * includes the feature, so a company that loses it keeps what it saved.
 */

interface MarcaSalva {
  cor: string | null;
  logoKey: string | null;
  /** The company's plan includes `customBranding` (a company without a plan: no). */
  ativa: boolean;
}

/** The company's saved branding (404 when the company does not exist). */
export async function lerMarca(db: DbOrTx, empresaId: string): Promise<MarcaSalva> {
  const [row] = await db
    .select({ cor: empresas.marcaCor, logoKey: empresas.marcaLogoKey, ativa: planos.customBranding })
    .from(empresas)
    .leftJoin(planos, eq(planos.id, empresas.planoId))
    .where(eq(empresas.id, empresaId))
    .limit(1);
  if (!row) throw erro('empresaNaoEncontrada');
  return { cor: row.cor, logoKey: row.logoKey, ativa: Boolean(row.ativa) };
}

/** The logo's version in its URL: a new upload gets a new key, so the URL can be cached. */
function versao(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

/** The reply of the routes; `logoBase` is the logo route of the caller (client or admin). */
export function marcaParaResposta(marca: MarcaSalva, logoBase: string): MarcaDaEmpresa {
  return {
    cor: marca.cor,
    logoUrl: marca.logoKey ? `${logoBase}?v=${versao(marca.logoKey)}` : null,
    ativa: marca.ativa,
  };
}

export async function salvarCorDaMarca(db: DbOrTx, empresaId: string, cor: string | null): Promise<void> {
  const [row] = await db
    .update(empresas)
    .set({ marcaCor: cor, atualizadoEm: new Date() })
    .where(eq(empresas.id, empresaId))
    .returning({ id: empresas.id });
  if (!row) throw erro('empresaNaoEncontrada');
}

/** Sets (or, with null, removes) the logo; returns the previous key, for the caller to delete. */
export async function trocarLogoDaMarca(
  db: DbOrTx,
  empresaId: string,
  key: string | null,
  /** Moves the staged file to its key, last in the transaction (decision 038). */
  promover?: () => Promise<void>,
): Promise<{ anterior: string | null }> {
  return db.transaction(async (tx) => {
    const [atual] = await tx
      .select({ key: empresas.marcaLogoKey })
      .from(empresas)
      .where(eq(empresas.id, empresaId))
      .for('update')
      .limit(1);
    if (!atual) throw erro('empresaNaoEncontrada');
    if (atual.key === key) return { anterior: null };
    await tx
      .update(empresas)
      .set({ marcaLogoKey: key, atualizadoEm: new Date() })
      .where(eq(empresas.id, empresaId));
    await promover?.();
    return { anterior: atual.key };
  });
}

/**
 * The branding that reports and e-mails to the company carry now: null when its plan lacks the
 * feature (the firm's brand alone) or nothing was saved.
 */
export async function marcaEmVigor(
  db: DbOrTx,
  empresaId: string | null,
): Promise<{ nome: string; cor: string | null; logoKey: string | null } | null> {
  if (!empresaId) return null;
  const [row] = await db
    .select({
      nome: empresas.nomeFantasia,
      cor: empresas.marcaCor,
      logoKey: empresas.marcaLogoKey,
      ativa: planos.customBranding,
    })
    .from(empresas)
    .innerJoin(planos, eq(planos.id, empresas.planoId))
    .where(eq(empresas.id, empresaId))
    .limit(1);
  if (!row?.ativa || (!row.cor && !row.logoKey)) return null;
  return { nome: row.nome, cor: row.cor, logoKey: row.logoKey };
}

/**
 * The branding in force with the logo's bytes (a report's header, an e-mail's inline image). A
 * logo file gone from the storage is left out, never an error: the report still goes.
 */
export async function lerLogoEmVigor(
  db: DbOrTx,
  storage: FileStorage | undefined,
  empresaId: string | null,
): Promise<{ cor: string | null; logo: Buffer | null } | null> {
  const marca = await marcaEmVigor(db, empresaId);
  if (!marca) return null;
  const logo = marca.logoKey && storage ? await lerArquivo(storage, marca.logoKey) : null;
  return { cor: marca.cor, logo };
}

/** A stored logo's bytes (a few hundred KB at most), or null when the file is gone. */
async function lerArquivo(storage: FileStorage, key: string): Promise<Buffer | null> {
  try {
    const file = await storage.open(key);
    const partes: Buffer[] = [];
    for await (const parte of file.stream) partes.push(parte as Buffer);
    return Buffer.concat(partes);
  } catch (err) {
    if (err instanceof FileNotFoundError) return null;
    throw err;
  }
}

/**
 * The company's logo as an e-mail's inline image (EmailService's `GeradorDeAnexos`, made at
 * delivery): the HTML shows it as `cid:`, so no mail client has to fetch an image from us. A logo
 * removed meanwhile: the message goes without it.
 */
export async function anexoDoLogo(storage: FileStorage, key: string): Promise<AnexoDoEmail | null> {
  if (!key.startsWith('empresas/')) throw new Error(`logo fora da pasta das empresas: ${key}`);
  const content = await lerArquivo(storage, key);
  return content
    ? { filename: 'logo.png', contentType: 'image/png', content, cid: CID_DO_LOGO_DA_EMPRESA }
    : null;
}
