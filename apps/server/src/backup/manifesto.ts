import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { migrationsFolder } from '../db/client.ts';
import { serverRoot } from '../paths.ts';

/** The archive's first entry: what it holds and how to check it (decision 040). */
export const MANIFESTO = 'manifesto.json';
export const FORMATO = 1;

const item = z.object({ bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const manifestoSchema = z.object({
  formato: z.literal(FORMATO),
  aplicacao: z.literal('laudos'),
  versao: z.string(),
  motor: z.enum(['pglite', 'postgres']),
  /** Migrations applied in the database the archive holds: their count and the last one's tag. */
  migracao: z.object({ aplicadas: z.number().int().nonnegative(), ultima: z.string().nullable() }),
  criadoEm: z.string(),
  /** Where the files came from: `local` (DATA_DIR/storage) or `s3` (the bucket, staging/ left out). */
  armazenamento: z.enum(['local', 's3']),
  banco: item.extend({ nome: z.string() }),
  arquivos: z.array(item.extend({ chave: z.string() })),
  /** DATA_DIR/auth-secret when the server took its secret from there (not from AUTH_SECRET). */
  segredo: item.nullable(),
  /** Keys the database names that were already missing from the storage when the backup ran. */
  ausentes: z.array(z.string()).default([]),
});
export type Manifesto = z.infer<typeof manifestoSchema>;
export interface NivelDeMigracao {
  aplicadas: number;
  ultima: string | null;
}

/** The migrations this code knows (apps/server/drizzle/meta/_journal.json). */
export function migracoesDoCodigo(): { tags: string[]; whens: number[] } {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return { tags: journal.entries.map((e) => e.tag), whens: journal.entries.map((e) => e.when) };
}

/** How far a database is migrated, read inside the snapshot that is being saved. */
export async function nivelDeMigracao(query: Consulta): Promise<NivelDeMigracao> {
  const { rows } = await query(
    'select count(*)::int as n, max(created_at)::text as ultimo from drizzle.__drizzle_migrations',
  );
  const n = Number(rows[0]?.n ?? 0);
  const ultimo = rows[0]?.ultimo == null ? null : Number(rows[0].ultimo);
  const { tags, whens } = migracoesDoCodigo();
  const i = ultimo === null ? -1 : whens.indexOf(ultimo);
  return { aplicadas: n, ultima: i >= 0 ? (tags[i] ?? null) : null };
}

/**
 * Every storage key a database row points to. A backup's files must include each of these as the
 * database snapshot saw them (a row whose file is missing is a broken backup): the test
 * `backup.test.ts` fails when a new `*_key`-like column is not listed here.
 */
export const SQL_CHAVES_REFERENCIADAS = `
  select arquivo_pdf as chave from laudos where arquivo_pdf is not null
  union select arquivo_excel from laudos where arquivo_excel is not null
  union select arquivo_pdf from laudo_versoes where arquivo_pdf is not null
  union select arquivo_excel from laudo_versoes where arquivo_excel is not null
  union select marca_logo_key from empresas where marca_logo_key is not null
  union select capa_key from blog_posts where capa_key is not null
  union select anexo from chamado_mensagens where anexo is not null`;

/** A query on the snapshot being saved: PGlite's transaction or a pg client's. */
export type Consulta = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

export async function chavesReferenciadas(query: Consulta): Promise<string[]> {
  const { rows } = await query(SQL_CHAVES_REFERENCIADAS);
  return rows.map((r) => String(r.chave));
}

export function versaoDoAplicativo(): string {
  try {
    return (JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return 'desconhecida';
  }
}
