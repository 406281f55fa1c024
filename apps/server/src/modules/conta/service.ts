import { formatDateTimeBR } from '@laudos/domain';
import { SENHA_MAX, SENHA_MIN } from '@laudos/domain/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import { atorDoUsuario, type Origem, registrarAuditoria } from '../../auditoria/registrar.ts';
import { endSessions } from '../../auth/auth.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { authAccount, authUser, pedidosEmpresa, usuarios } from '../../db/schema.ts';
import type { EmailService } from '../../email/delivery.ts';
import { erro, orFail } from '../../http/errors.ts';
import { hitRateLimit, limits } from '../../http/rate-limit.ts';
import { consumirVerificacao } from './verificacao.ts';

/** SENHA_FRACA unless the password has SENHA_MIN to SENHA_MAX characters. */
export function assertSenhaValida(senha: string): void {
  if (senha.length < SENHA_MIN || senha.length > SENHA_MAX) throw erro('senhaFraca');
}

/** What the account's services need: the database, the e-mail queue, the config. */
export interface DepsDaConta {
  db: Db;
  email: EmailService;
  config: Config;
}

/** Sets the account's password (a Google/Microsoft-only account gets one). Inside a transaction. */
export async function setPassword(tx: DbOrTx, userId: string, senha: string) {
  const hash = await hashPassword(senha);
  const updated = await tx
    .update(authAccount)
    .set({ password: hash, updatedAt: new Date() })
    .where(and(eq(authAccount.userId, userId), eq(authAccount.providerId, 'credential')))
    .returning({ id: authAccount.id });
  if (updated.length === 0) {
    // An account that only signed in with Google/Microsoft gets a password now.
    await tx.insert(authAccount).values({
      id: crypto.randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: hash,
    });
  }
}

/** Receiving our e-mail (a temporary password or a reset link) proves the mailbox is theirs. */
async function markEmailVerified(tx: DbOrTx, userId: string) {
  await tx
    .update(authUser)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(authUser.id, userId));
}

async function sendPasswordChanged(
  tx: DbOrTx,
  email: EmailService,
  config: Config,
  user: { id: string; nome: string; email: string },
) {
  await email.enqueue(tx, {
    type: 'senha_alterada',
    to: user.email,
    toName: user.nome,
    userId: user.id,
    variables: {
      usuario_nome: user.nome,
      usuario_email: user.email,
      data_alteracao: formatDateTimeBR(new Date(), config.timeZone),
    },
  });
}

/**
 * The signed-in user changes their password (also the first-access change): the current password is
 * checked, the other sessions end, first access is over, and the 'password changed' e-mail goes out
 * — all or nothing. On first access the current (temporary) password is not asked for: the session
 * was opened with it moments ago (or with Google/Microsoft), and a temporary password issued later
 * ends every session (gerarSenhaTemporaria), so a session on first access has proven it. If sent
 * anyway it is still checked.
 */
export async function alterarSenha(
  deps: DepsDaConta,
  user: Pick<
    SessionUser,
    'id' | 'nome' | 'email' | 'sessionToken' | 'primeiroAcesso' | 'tipo' | 'papel' | 'empresaId' | 'origem'
  >,
  { senhaAtual, novaSenha }: { senhaAtual?: string | undefined; novaSenha: string },
) {
  await hitRateLimit(deps.db, limits.passwordChangePerUser(user.id));
  await orFail('erroAoAtualizarSenha', () => trocarSenha(deps, user, senhaAtual, novaSenha));
}

async function trocarSenha(
  { db, email, config }: DepsDaConta,
  user: Pick<
    SessionUser,
    'id' | 'nome' | 'email' | 'sessionToken' | 'primeiroAcesso' | 'tipo' | 'papel' | 'empresaId' | 'origem'
  >,
  senhaAtual: string | undefined,
  novaSenha: string,
) {
  if (senhaAtual === undefined && !user.primeiroAcesso) throw erro('senhaAtualObrigatoria');
  assertSenhaValida(novaSenha);
  const [account] = await db
    .select({ password: authAccount.password })
    .from(authAccount)
    .where(and(eq(authAccount.userId, user.id), eq(authAccount.providerId, 'credential')))
    .limit(1);
  if (senhaAtual !== undefined) {
    if (!account?.password || !(await verifyPassword({ hash: account.password, password: senhaAtual }))) {
      throw erro('senhaAtualIncorreta');
    }
    if (senhaAtual === novaSenha) throw erro('senhaRepetida');
  } else if (account?.password && (await verifyPassword({ hash: account.password, password: novaSenha }))) {
    // First access without the temporary password: the new one must still differ from it.
    throw erro('senhaRepetida');
  }
  await db.transaction(async (tx) => {
    await setPassword(tx, user.id, novaSenha);
    await tx
      .update(usuarios)
      .set({ primeiroAcesso: false, senhaTemporariaExpiraEm: null, atualizadoEm: new Date() })
      .where(eq(usuarios.id, user.id));
    // The temporary password reached them only by e-mail: using it proves the address.
    if (user.primeiroAcesso) await markEmailVerified(tx, user.id);
    await endSessions(tx, user.id, user.sessionToken);
    await registrarAuditoria(tx, atorDoUsuario(user), {
      entidade: 'usuario',
      entidadeId: user.id,
      acao: 'alterou_senha',
      empresaId: user.empresaId,
      ...(user.primeiroAcesso ? { detalhes: { primeiroAcesso: true } } : {}),
    });
    await sendPasswordChanged(tx, email, config, user);
  });
}

/**
 * Sets a new password from an e-mailed reset link. The token is consumed by one atomic delete, so
 * two uses of one link (even at the same instant, on two instances) give exactly one success.
 */
export async function redefinirSenha(
  deps: DepsDaConta,
  { token, novaSenha }: { token: string; novaSenha: string },
  ip: string,
  origem: Origem = { ip, userAgent: null },
) {
  await hitRateLimit(deps.db, limits.resetPerIp(ip, deps.config.rateLimits.linksPerIp));
  await orFail('erroAoAtualizarSenha', () => usarLinkDeRedefinicao(deps, token, novaSenha, origem));
}

async function usarLinkDeRedefinicao(
  { db, email, config }: DepsDaConta,
  token: string,
  novaSenha: string,
  origem: Origem,
) {
  assertSenhaValida(novaSenha);
  const invalid = () => erro('linkDeRedefinicaoInvalido');
  await db.transaction(async (tx) => {
    // Better Auth's reset verification holds the user's id.
    const userId = await consumirVerificacao(tx, 'reset-password', token);
    if (userId === null) throw invalid();
    const [user] = await tx
      .select({
        id: usuarios.id,
        nome: usuarios.nome,
        email: usuarios.email,
        ativo: usuarios.ativo,
        verificado: authUser.emailVerified,
        tipo: usuarios.tipo,
        papel: usuarios.papel,
        empresaId: usuarios.empresaId,
      })
      .from(usuarios)
      .innerJoin(authUser, eq(authUser.id, usuarios.id))
      .where(eq(usuarios.id, userId))
      .limit(1);
    if (!user) throw invalid();
    await setPassword(tx, user.id, novaSenha);
    await markEmailVerified(tx, user.id);
    await tx
      .update(usuarios)
      .set({
        primeiroAcesso: false,
        senhaTemporariaExpiraEm: null,
        atualizadoEm: new Date(),
      })
      .where(eq(usuarios.id, user.id));
    // The mailbox's owner takes over an account someone else may have opened with their address:
    // its pending request to join a company goes (every session ends just below).
    if (!user.verificado)
      await tx
        .delete(pedidosEmpresa)
        .where(and(eq(pedidosEmpresa.usuarioId, user.id), eq(pedidosEmpresa.status, 'pendente')));
    await endSessions(tx, user.id);
    // The link proved the mailbox: the person is the actor, from where they opened it.
    await registrarAuditoria(tx, atorDoUsuario({ ...user, origem }), {
      entidade: 'usuario',
      entidadeId: user.id,
      acao: 'redefiniu_senha',
      empresaId: user.empresaId,
    });
    await sendPasswordChanged(tx, email, config, user);
  });
}
