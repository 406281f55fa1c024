import { createHash, randomBytes } from 'node:crypto';
import type { aceitarConviteEntrada, convidarEntrada, Papel } from '@laudos/domain/api';
import { hashPassword } from 'better-auth/crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Origem, registrarAuditoria } from '../../auditoria/registrar.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { authUser, convites, empresas, usuarios } from '../../db/schema.ts';
import type { EmailService } from '../../email/delivery.ts';
import { AppError, erro } from '../../http/errors.ts';
import { hitRateLimit, limits } from '../../http/rate-limit.ts';
import { assertSenhaValida } from '../conta/service.ts';
import { assertVaga, conviteAberto, type EmpresaTravada, travarEmpresa } from '../empresas/regras.ts';
import { contaNaoConfirmada, createContaComSenha } from '../usuarios/service.ts';
import { type Ator, exigirGestor } from './ator.ts';

/**
 * Invitations to a company's team (issue 17). A gestor (or an admin) invites an address; the
 * e-mail carries a link valid 7 days whose token exists only there: the table keeps its SHA-256,
 * and the queued e-mail is sealed (email/seal.ts). A pending invitation takes a seat of the plan,
 * so accepting it needs no new check. Accepting creates the account with the e-mail proven (the
 * link reached the mailbox) in the company, with the role the invitation gave.
 */

const VALIDADE_DIAS = 7;
/** Longer than any token we issue (43 characters): anything past it is not one of ours. */
const TOKEN_MAX = 200;

export interface DepsDeConvite {
  db: Db;
  email: EmailService;
  config: Pick<Config, 'publicUrl'>;
}

/** How an invitation's token is kept: its SHA-256, in hex. */
export function hashDoToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function novoToken() {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashDoToken(token),
    expiraEm: new Date(Date.now() + VALIDADE_DIAS * 86_400_000),
  };
}

const conviteColumns = {
  id: convites.id,
  email: convites.email,
  nome: convites.nome,
  papel: convites.papel,
  expiraEm: convites.expiraEm,
  criadoEm: convites.criadoEm,
};

const expirado = sql<boolean>`${convites.expiraEm} <= now()`;

/**
 * The address may be invited: nobody of this team has it (JA_NA_EQUIPE), and no account does
 * (EMAIL_JA_CADASTRADO: an existing account joins through an admin). An account that never proved
 * the address (a sign-up nobody confirmed) does not count: the mailbox's owner outranks it
 * (decision 011), and accepting replaces it.
 */
async function assertEnderecoLivre(tx: DbOrTx, empresaId: string, email: string): Promise<void> {
  const [pessoa] = await tx
    .select({ empresaId: usuarios.empresaId })
    .from(usuarios)
    .where(eq(sql`lower(${usuarios.email})`, email))
    .limit(1);
  if (pessoa?.empresaId === empresaId) throw erro('jaNaEquipe');
  if (pessoa) {
    if (!(await contaNaoConfirmada(tx, email))) throw erro('emailJaCadastrado');
    return;
  }
  const [conta] = await tx
    .select({ id: authUser.id })
    .from(authUser)
    .where(eq(sql`lower(${authUser.email})`, email))
    .limit(1);
  if (conta) throw erro('emailJaCadastrado');
}

/** Queues the invitation e-mail in the caller's transaction: the only place the token goes. */
async function enviarConvite(
  tx: DbOrTx,
  deps: DepsDeConvite,
  empresa: EmpresaTravada,
  convite: { id: string; email: string; nome: string | null; papel: Papel },
  token: string,
  autor: { nome: string },
) {
  await deps.email.enqueue(tx, {
    type: 'convite_equipe',
    to: convite.email,
    toName: convite.nome,
    userId: null,
    metadata: { conviteId: convite.id },
    variables: {
      cliente_empresa: empresa.nome,
      convidado_nome: convite.nome ?? '',
      convidado_email: convite.email,
      convidante_nome: autor.nome,
      papel: convite.papel,
      link_convite: `${deps.config.publicUrl}/convite/${token}`,
      validade_link: `${VALIDADE_DIAS} dias`,
    },
  });
}

/**
 * POST /api/empresa/convites (and the admin's): a new invitation, or — when the address already
 * has one not accepted nor cancelled — that one renewed (new token, 7 more days, the e-mail
 * again). A new seat is taken unless the renewed invitation was still holding one.
 */
export async function convidarPessoa(
  deps: DepsDeConvite,
  ator: Ator,
  input: z.output<typeof convidarEntrada>,
) {
  exigirGestor(ator, 'convidar pessoas');
  const email = input.email.trim().toLowerCase();
  return deps.db.transaction(async (tx) => {
    const empresa = await travarEmpresa(tx, ator.empresaId);
    await assertEnderecoLivre(tx, empresa.id, email);
    const [aberto] = await tx
      .select({ id: convites.id, nome: convites.nome, expirado })
      .from(convites)
      .where(
        and(
          eq(convites.empresaId, empresa.id),
          eq(sql`lower(${convites.email})`, email),
          isNull(convites.aceitoEm),
          isNull(convites.canceladoEm),
        ),
      )
      .for('update')
      .limit(1);
    if (!aberto || aberto.expirado) await assertVaga(tx, empresa);
    const { token, tokenHash, expiraEm } = novoToken();
    // One line: the name goes into the e-mail's To header.
    const nome = input.nome !== undefined ? input.nome?.replace(/\s+/g, ' ') || null : (aberto?.nome ?? null);
    const valores = { nome, papel: input.papel, tokenHash, expiraEm, criadoPor: ator.id };
    const [convite] = aberto
      ? await tx.update(convites).set(valores).where(eq(convites.id, aberto.id)).returning(conviteColumns)
      : await tx
          .insert(convites)
          .values({ empresaId: empresa.id, email, ...valores })
          .returning(conviteColumns);
    await enviarConvite(tx, deps, empresa, convite!, token, ator);
    // The e-mail and role, never the token (only its hash is stored, and not here either).
    await registrarAuditoria(tx, ator.auditoria, {
      entidade: 'convite',
      entidadeId: convite!.id,
      acao: aberto ? 'reenviou' : 'criou',
      empresaId: empresa.id,
      antes: null,
      depois: { email, papel: input.papel, nome },
    });
    return { ...convite!, expirado: false };
  });
}

/** The company's invitation `id`, not accepted nor cancelled, locked; 404 when there is none. */
async function travarConvite(tx: DbOrTx, empresaId: string, id: string) {
  const [convite] = await tx
    .select({ ...conviteColumns, expirado })
    .from(convites)
    .where(
      and(
        eq(convites.id, id),
        eq(convites.empresaId, empresaId),
        isNull(convites.aceitoEm),
        isNull(convites.canceladoEm),
      ),
    )
    .for('update')
    .limit(1);
  if (!convite) throw erro('conviteNaoEncontrado');
  return convite;
}

/**
 * POST /api/empresa/convites/:id/reenviar (and the admin's): a new token (the old link stops
 * working), 7 more days and the e-mail again. An expired invitation had freed its seat: it needs
 * one again.
 */
export async function reenviarConvite(deps: DepsDeConvite, ator: Ator, id: string) {
  exigirGestor(ator, 'reenviar convites');
  return deps.db.transaction(async (tx) => {
    const empresa = await travarEmpresa(tx, ator.empresaId);
    const atual = await travarConvite(tx, empresa.id, id);
    await assertEnderecoLivre(tx, empresa.id, atual.email.toLowerCase());
    if (atual.expirado) await assertVaga(tx, empresa);
    const { token, tokenHash, expiraEm } = novoToken();
    const [convite] = await tx
      .update(convites)
      .set({ tokenHash, expiraEm, criadoPor: ator.id })
      .where(eq(convites.id, id))
      .returning(conviteColumns);
    await enviarConvite(tx, deps, empresa, convite!, token, ator);
    await registrarAuditoria(tx, ator.auditoria, {
      entidade: 'convite',
      entidadeId: id,
      acao: 'reenviou',
      empresaId: empresa.id,
      detalhes: { email: atual.email },
    });
    return { ...convite!, expirado: false };
  });
}

/** DELETE /api/empresa/convites/:id (and the admin's): the link stops working and the seat is freed. */
export async function cancelarConvite(db: Db, ator: Ator, id: string): Promise<void> {
  exigirGestor(ator, 'cancelar convites');
  await db.transaction(async (tx) => {
    const empresa = await travarEmpresa(tx, ator.empresaId);
    const convite = await travarConvite(tx, empresa.id, id);
    await tx.update(convites).set({ canceladoEm: new Date() }).where(eq(convites.id, id));
    await registrarAuditoria(tx, ator.auditoria, {
      entidade: 'convite',
      entidadeId: id,
      acao: 'cancelou',
      empresaId: empresa.id,
      detalhes: { email: convite.email },
    });
  });
}

/**
 * The open invitation of a token (not accepted, cancelled nor expired), with its company; null
 * otherwise. Locked, the row is read again after a concurrent accept commits, and no longer matches.
 */
async function conviteDoToken(tx: DbOrTx, token: string, travar: boolean) {
  if (!token || token.length > TOKEN_MAX) return null;
  const consulta = tx
    .select({ ...conviteColumns, empresaId: convites.empresaId })
    .from(convites)
    .where(and(eq(convites.tokenHash, hashDoToken(token)), conviteAberto()));
  const [convite] = travar ? await consulta.for('update').limit(1) : await consulta.limit(1);
  if (!convite) return null;
  const [empresa] = await tx
    .select({ nome: empresas.nomeFantasia, ativo: empresas.ativo })
    .from(empresas)
    .where(eq(empresas.id, convite.empresaId))
    .limit(1);
  // A deactivated company takes no one in (its people cannot use the app either).
  if (!empresa?.ativo) return null;
  return { ...convite, empresa: empresa.nome };
}

/**
 * GET /api/convites/:token (public): what the invitation page shows. Unknown, expired, cancelled
 * and used tokens all get the same 404. Counted against the same per-address budget as the other
 * e-mailed tokens (a reset link, a confirmation link).
 */
export async function abrirConvite(db: Db, token: string, ip: string, linksPorIp: number) {
  await hitRateLimit(db, limits.resetPerIp(ip, linksPorIp));
  const convite = await conviteDoToken(db, token, false);
  if (!convite) throw erro('conviteInvalido');
  return {
    empresa: convite.empresa,
    email: convite.email,
    nome: convite.nome,
    papel: convite.papel,
    expiraEm: convite.expiraEm.toISOString(),
  };
}

/**
 * POST /api/convites/:token/aceitar (public): the account, with the e-mail proven, in the company
 * and with the role of the invitation, which is used up — all in one transaction, with the
 * invitation's row locked, so two accepts at the same instant give exactly one account. The
 * person then signs in at /login with the password chosen here.
 */
export async function aceitarConvite(
  db: Db,
  token: string,
  input: z.output<typeof aceitarConviteEntrada>,
  ip: string,
  linksPorIp: number,
  origem?: Origem,
): Promise<{ ok: true; email: string }> {
  await hitRateLimit(db, limits.resetPerIp(ip, linksPorIp));
  assertSenhaValida(input.senha);
  const passwordHash = await hashPassword(input.senha);
  try {
    return await db.transaction(async (tx) => {
      const convite = await conviteDoToken(tx, token, true);
      if (!convite) throw erro('conviteInvalido');
      const email = convite.email.toLowerCase();
      // An account made for this address since the invitation was sent (an unproven sign-up
      // gives way to the mailbox's owner, as at the invitation).
      const [pessoa] = await tx
        .select({ id: usuarios.id })
        .from(usuarios)
        .where(eq(sql`lower(${usuarios.email})`, email))
        .limit(1);
      if (pessoa && !(await contaNaoConfirmada(tx, email))) throw erro('emailJaCadastrado');
      const conta = await createContaComSenha(tx, {
        email,
        nome: input.nome,
        password: '',
        passwordHash,
        tipo: 'cliente',
        empresaId: convite.empresaId,
        papel: convite.papel,
        emailVerified: true,
        assumirEmailNaoConfirmado: true,
      });
      await tx.update(convites).set({ aceitoEm: new Date() }).where(eq(convites.id, convite.id));
      // The new person is the actor: the invitation's link proved the mailbox.
      await registrarAuditoria(
        tx,
        {
          tipo: 'usuario',
          id: conta.id,
          nome: input.nome,
          papel: convite.papel,
          origem: origem ?? { ip, userAgent: null },
        },
        {
          entidade: 'convite',
          entidadeId: convite.id,
          acao: 'aceitou',
          empresaId: convite.empresaId,
          detalhes: { email },
        },
      );
      return { ok: true as const, email };
    });
  } catch (err) {
    // An account with no profile holds the address, or another one was created at this instant.
    if ((err instanceof AppError && err.code === 'EMAIL_EM_USO') || isUniqueViolation(err))
      throw erro('emailJaCadastrado');
    throw err;
  }
}
