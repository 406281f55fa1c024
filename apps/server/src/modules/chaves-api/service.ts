import { createHash, randomBytes } from 'node:crypto';
import { MAX_CHAVES_API_ATIVAS, PREFIXO_DA_CHAVE_API } from '@laudos/domain/api';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Ator, registrarAuditoria } from '../../auditoria/registrar.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { apiKeys, empresas, planos, usuarios } from '../../db/schema.ts';
import { erro } from '../../http/errors.ts';
import { exigirRecurso } from '../planos/recursos.ts';

/** 32 random bytes in base64url: `laudos_` + 43 characters. */
const FORMATO_DA_CHAVE = /^laudos_[A-Za-z0-9_-]{43}$/;
/** How many characters of the key the list shows (`laudos_` and four more). */
const TAMANHO_DO_PREFIXO = PREFIXO_DA_CHAVE_API.length + 4;
/** `ultimo_uso_em` is written at most once a minute per key (one write, not one per request). */
const INTERVALO_DO_ULTIMO_USO_MS = 60_000;

/** The SHA-256 of a key, in hex: what the table keeps (the key itself is never stored). */
export function hashDaChaveApi(segredo: string): string {
  return createHash('sha256').update(segredo).digest('hex');
}

/** A new random key, its displayed prefix and its hash. */
export function gerarChaveApi(): { segredo: string; prefixo: string; hash: string } {
  const segredo = `${PREFIXO_DA_CHAVE_API}${randomBytes(32).toString('base64url')}`;
  return { segredo, prefixo: segredo.slice(0, TAMANHO_DO_PREFIXO), hash: hashDaChaveApi(segredo) };
}

const chaveColumns = {
  id: apiKeys.id,
  nome: apiKeys.nome,
  prefixo: apiKeys.prefixo,
  criadoEm: apiKeys.criadoEm,
  criadoPor: usuarios.nome,
  ultimoUsoEm: apiKeys.ultimoUsoEm,
  revogadoEm: apiKeys.revogadoEm,
};

function consulta(db: DbOrTx) {
  return db.select(chaveColumns).from(apiKeys).leftJoin(usuarios, eq(usuarios.id, apiKeys.criadoPor));
}

/** The company (404 when it does not exist), locked for the rest of the transaction when asked. */
async function empresaDaChave(db: DbOrTx, empresaId: string, travar = false) {
  const query = db
    .select({ id: empresas.id, planoId: empresas.planoId })
    .from(empresas)
    .where(eq(empresas.id, empresaId));
  const [empresa] = travar ? await query.for('update').limit(1) : await query.limit(1);
  if (!empresa) throw erro('empresaNaoEncontrada');
  return empresa;
}

/** Every key of a company, active ones first, newest first (revoked keys stay listed). */
export async function listarChavesApi(db: DbOrTx, empresaId: string) {
  await empresaDaChave(db, empresaId);
  const chaves = await consulta(db)
    .where(eq(apiKeys.empresaId, empresaId))
    .orderBy(sql`${apiKeys.revogadoEm} is not null`, desc(apiKeys.criadoEm), desc(apiKeys.id));
  return { chaves, maxAtivas: MAX_CHAVES_API_ATIVAS };
}

/**
 * Creates a key for the company (its plan must include `apiAccess`, at most
 * MAX_CHAVES_API_ATIVAS active): the answer carries the key itself, the one time it is ever seen.
 */
export async function criarChaveApi(
  db: Db,
  empresaId: string,
  criadoPor: string,
  nome: string,
  auditor: Ator,
) {
  const { segredo, prefixo, hash } = gerarChaveApi();
  const id = await db.transaction(async (tx) => {
    // Locked: two creations at once cannot both take the last place.
    const empresa = await empresaDaChave(tx, empresaId, true);
    await exigirRecurso(tx, { tipo: 'cliente', planoId: empresa.planoId }, 'apiAccess');
    const [{ ativas } = { ativas: 0 }] = await tx
      .select({ ativas: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.empresaId, empresaId), isNull(apiKeys.revogadoEm)));
    if (ativas >= MAX_CHAVES_API_ATIVAS) throw erro('limiteDeChavesApi', MAX_CHAVES_API_ATIVAS);
    const [row] = await tx
      .insert(apiKeys)
      .values({ empresaId, nome, prefixo, hash, criadoPor })
      .returning({ id: apiKeys.id });
    // The key's name and prefix only: the key itself is shown once and never stored or logged.
    await registrarAuditoria(tx, auditor, {
      entidade: 'chave_api',
      entidadeId: row!.id,
      acao: 'criou',
      empresaId,
      depois: { nome },
      detalhes: { prefixo },
    });
    return row!.id;
  });
  const [chave] = await consulta(db).where(eq(apiKeys.id, id)).limit(1);
  return { chave: chave!, segredo };
}

/** Revokes a key of the company: it stops working on the very next request. Revoking twice is harmless. */
export async function revogarChaveApi(db: Db, empresaId: string, id: string, auditor: Ator): Promise<void> {
  await db.transaction(async (tx) => {
    const [antes] = await tx
      .select({ revogadoEm: apiKeys.revogadoEm, nome: apiKeys.nome })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.empresaId, empresaId)))
      .for('update');
    if (!antes) throw erro('chaveApiNaoEncontrada');
    // Revoking twice is harmless, and only the first is an entry.
    if (antes.revogadoEm) return;
    await tx.update(apiKeys).set({ revogadoEm: sql`now()` }).where(eq(apiKeys.id, id));
    await registrarAuditoria(tx, auditor, {
      entidade: 'chave_api',
      entidadeId: id,
      acao: 'revogou',
      empresaId,
      detalhes: { nome: antes.nome },
    });
  });
}

/**
 * The caller of a request made with a key: the key's company as its gestor would see it (the
 * company's laudos only: `escopoDoUsuario` with no proven e-mail), named after the key. 401 for a
 * malformed, unknown or revoked key or an inactive company; 403 RECURSO_FORA_DO_PLANO when the
 * company's plan no longer includes `apiAccess` (checked on every request).
 */
export async function autenticarChaveApi(db: Db, segredo: string): Promise<SessionUser> {
  if (!FORMATO_DA_CHAVE.test(segredo)) throw erro('chaveApiInvalida');
  const [chave] = await db
    .select({
      id: apiKeys.id,
      nome: apiKeys.nome,
      ultimoUsoEm: apiKeys.ultimoUsoEm,
      revogadoEm: apiKeys.revogadoEm,
      empresaId: empresas.id,
      empresa: empresas.nomeFantasia,
      empresaAtiva: empresas.ativo,
      planoId: empresas.planoId,
      // The plan's flag comes with the key: the happy path is this one query.
      apiAccess: planos.apiAccess,
    })
    .from(apiKeys)
    .innerJoin(empresas, eq(empresas.id, apiKeys.empresaId))
    .leftJoin(planos, eq(planos.id, empresas.planoId))
    .where(eq(apiKeys.hash, hashDaChaveApi(segredo)))
    .limit(1);
  if (!chave || chave.revogadoEm) throw erro('chaveApiInvalida');
  if (!chave.empresaAtiva) throw erro('chaveApiEmpresaInativa');
  const user: SessionUser = {
    id: `chave-api:${chave.id}`,
    nome: `Chave de API "${chave.nome}"`,
    email: '',
    tipo: 'cliente',
    empresaId: chave.empresaId,
    empresa: chave.empresa,
    papel: 'gestor',
    empresaAtiva: true,
    telefone: null,
    ativo: true,
    primeiroAcesso: false,
    planoId: chave.planoId,
    doisFatores: false,
    emailVerificado: false,
    sessionToken: '',
    chaveApi: { id: chave.id, nome: chave.nome },
  };
  // Refused with the one check's message (naming the plans that include it).
  if (!chave.apiAccess) await exigirRecurso(db, user, 'apiAccess');
  if (!chave.ultimoUsoEm || Date.now() - chave.ultimoUsoEm.getTime() >= INTERVALO_DO_ULTIMO_USO_MS) {
    await db
      .update(apiKeys)
      .set({ ultimoUsoEm: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, chave.id),
          sql`(${apiKeys.ultimoUsoEm} is null or ${apiKeys.ultimoUsoEm} < now() - interval '1 minute')`,
        ),
      );
  }
  return user;
}
