import { randomBytes, randomUUID } from 'node:crypto';
import { formatDateTimeBR } from '@laudos/domain';
import type { AtualizarUsuarioInput, CriarUsuarioInput } from '@laudos/domain/api';
import { hashPassword } from 'better-auth/crypto';
import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Ator,
  atorDoUsuario,
  registrarAlteracao,
  registrarAuditoria,
} from '../../auditoria/registrar.ts';
import { endSessions } from '../../auth/auth.ts';
import { clearSignInBlocks, listSignInBlocks } from '../../auth/sign-in-limits.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { planoEmVigor } from '../../db/plano-em-vigor.ts';
import { authAccount, authUser, empresas, planos, usuarios } from '../../db/schema.ts';
import type { EmailRequest, EmailService } from '../../email/delivery.ts';
import { erro, orFail } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { setPassword } from '../conta/service.ts';
import { assertGestorRestante, assertVaga, gestoresAtivos, travarEmpresa } from '../empresas/regras.ts';
import { excluirLaudosDoUsuario } from '../laudos/remocao.ts';
import { removerArquivosGuardados } from '../laudos/service.ts';
import { assertPlano, getPlanoPadrao } from '../planos/service.ts';

export interface NovaConta {
  email: string;
  nome: string;
  password: string;
  tipo: 'admin' | 'cliente';
  /** The client company the person joins (its rules are checked by the caller), and the role in it. */
  empresaId?: string | null;
  papel?: 'gestor' | 'membro';
  /** Their own choice of the company's reminders (null: the role's default). */
  receberLembretes?: boolean | null;
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
  if (await findUsuarioByEmail(tx, email)) throw erro('emailEmUso');
  const [existingAuth] = await tx
    .select({ id: authUser.id })
    .from(authUser)
    .where(eq(authUser.email, email))
    .limit(1);
  if (existingAuth) throw erro('emailEmUso');

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
      empresaId: input.empresaId ?? null,
      papel: input.papel ?? 'membro',
      receberLembretes: input.receberLembretes ?? null,
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
  empresaId?: string;
  pagina: number;
  porPagina: number;
}

const usuarioColumns = {
  id: usuarios.id,
  nome: usuarios.nome,
  email: usuarios.email,
  tipo: usuarios.tipo,
  empresa: empresas.nomeFantasia,
  empresaId: usuarios.empresaId,
  papel: usuarios.papel,
  telefone: usuarios.telefone,
  ativo: usuarios.ativo,
  primeiroAcesso: usuarios.primeiroAcesso,
  planoId: planoEmVigor,
  planoNome: planos.nome,
  criadoEm: usuarios.criadoEm,
};

type UsuarioRow = {
  planoId: string | null;
  planoNome: string | null;
  empresaId: string | null;
  papel: 'gestor' | 'membro';
} & Record<string, unknown>;

export function toUsuarioAdmin<T extends UsuarioRow>(row: T) {
  const { planoId, planoNome, papel, ...rest } = row;
  return {
    ...rest,
    papel: row.empresaId ? papel : null,
    plano: planoId && planoNome ? { id: planoId, nome: planoNome } : null,
  };
}

/** usuarios with their company and the plan in force. */
function comEmpresaEPlano(db: DbOrTx) {
  return db
    .select(usuarioColumns)
    .from(usuarios)
    .leftJoin(empresas, eq(empresas.id, usuarios.empresaId))
    .leftJoin(planos, eq(planos.id, planoEmVigor));
}

/** GET /api/admin/usuarios: one page of users, with the search and the filters. */
export function listarUsuarios(db: DbOrTx, f: FiltroUsuarios) {
  return orFail('erroAoCarregarUsuarios', () => consultarUsuarios(db, f));
}

async function consultarUsuarios(db: DbOrTx, f: FiltroUsuarios) {
  const conditions: SQL[] = [];
  if (f.busca) {
    const like = containsPattern(f.busca);
    conditions.push(
      or(
        sql`lower(${usuarios.nome}) like ${like}`,
        sql`lower(${usuarios.email}) like ${like}`,
        sql`lower(coalesce(${empresas.nomeFantasia}, '')) like ${like}`,
      )!,
    );
  }
  if (f.tipo) conditions.push(eq(usuarios.tipo, f.tipo));
  if (f.ativo !== undefined) conditions.push(eq(usuarios.ativo, f.ativo));
  if (f.planoId) conditions.push(sql`${planoEmVigor} = ${f.planoId}`);
  if (f.empresaId) conditions.push(eq(usuarios.empresaId, f.empresaId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(usuarios)
    .leftJoin(empresas, eq(empresas.id, usuarios.empresaId))
    .where(where);
  const rows = await comEmpresaEPlano(db)
    .where(where)
    .orderBy(asc(usuarios.email))
    .limit(f.porPagina)
    .offset((f.pagina - 1) * f.porPagina);
  return { usuarios: rows.map(toUsuarioAdmin), total, pagina: f.pagina, porPagina: f.porPagina };
}

/** One user as the admin sees it; NAO_ENCONTRADO when there is none. */
export async function buscarUsuario(db: DbOrTx, id: string) {
  const [row] = await comEmpresaEPlano(db).where(eq(usuarios.id, id)).limit(1);
  if (!row) throw erro('usuarioNaoEncontrado');
  return toUsuarioAdmin(row);
}

function temporaryPasswordExpiry(ttlDays: number, now = new Date()): Date {
  return new Date(now.getTime() + ttlDays * 86_400_000);
}

function emailSenhaTemporaria(
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

/** What creating a user or a temporary password needs: the database, the e-mail queue, the config. */
export interface DepsDeSenha {
  db: Db;
  email: EmailService;
  config: Pick<Config, 'tempPasswordTtlDays' | 'publicUrl' | 'timeZone'>;
}

/** The profile's columns its audit entries compare (CAMPOS_AUDITADOS.usuario). */
const camposDoUsuarioAuditados = {
  nome: usuarios.nome,
  email: usuarios.email,
  tipo: usuarios.tipo,
  papel: usuarios.papel,
  empresaId: usuarios.empresaId,
  ativo: usuarios.ativo,
  telefone: usuarios.telefone,
  planoId: usuarios.planoId,
};

/**
 * POST /api/admin/usuarios: the account with a temporary password (on the default plan unless one
 * is given) and the welcome e-mail that carries the password, in one transaction.
 */
export async function criarUsuario(
  { db, email, config }: DepsDeSenha,
  input: CriarUsuarioInput,
  auditor: Ator,
) {
  await assertPlano(db, input.planoId);
  if (input.tipo === 'admin' && input.empresaId) throw erro('adminSemEmpresa');
  const senha = generateTemporaryPassword();
  const expira = temporaryPasswordExpiry(config.tempPasswordTtlDays);
  const id = await orFail('erroAoCriarUsuario', () =>
    db.transaction(async (tx) => {
      const planoId = input.planoId === undefined ? ((await getPlanoPadrao(tx))?.id ?? null) : input.planoId;
      // Joining a company takes a seat of its plan; its first person is its gestor.
      const empresa = input.empresaId ? await travarEmpresa(tx, input.empresaId) : null;
      if (empresa) await assertVaga(tx, empresa);
      const papel =
        input.papel ?? (empresa && (await gestoresAtivos(tx, empresa.id)) === 0 ? 'gestor' : 'membro');
      const conta = await createContaComSenha(tx, {
        email: input.email,
        nome: input.nome,
        password: senha,
        tipo: input.tipo,
        empresaId: empresa?.id ?? null,
        papel,
        telefone: input.telefone || null,
        planoId,
        primeiroAcesso: true,
        senhaTemporariaExpiraEm: expira,
        // Someone who signed up with this address and never proved it does not block it.
        assumirEmailNaoConfirmado: true,
      });
      const u = { ...conta, empresa: empresa?.nome ?? null };
      await registrarAuditoria(tx, auditor, {
        entidade: 'usuario',
        entidadeId: conta.id,
        acao: 'criou',
        empresaId: empresa?.id ?? null,
        depois: {
          nome: input.nome,
          email: input.email,
          tipo: input.tipo,
          papel,
          empresaId: empresa?.id ?? null,
          telefone: input.telefone || null,
          planoId,
          ativo: true,
        },
      });
      // The temporary password exists only in this e-mail (sealed in the queue).
      await email.enqueue(
        tx,
        emailSenhaTemporaria('boas_vindas', u, senha, expira, config.publicUrl, config.timeZone),
      );
      return u.id;
    }),
  );
  return buscarUsuario(db, id);
}

/**
 * PATCH /api/admin/usuarios/:id: edits, moves to a company (or out of any) with a role, changes
 * the plan, deactivates or reactivates. An admin cannot deactivate or demote themself; a
 * deactivated user loses every session. The team rules hold (issue 17): a company keeps an active
 * gestor, and joining or reactivation takes a seat of the company's plan.
 */
export async function atualizarUsuario(
  db: Db,
  me: Parameters<typeof atorDoUsuario>[0],
  id: string,
  b: AtualizarUsuarioInput,
) {
  const atual = await buscarUsuario(db, id);
  if (id === me.id && (b.ativo === false || b.tipo === 'cliente')) throw erro('naoPodeDesativarASi');
  const tipo = b.tipo ?? atual.tipo;
  const empresaId = b.empresaId !== undefined ? b.empresaId : tipo === 'admin' ? null : atual.empresaId;
  if (tipo === 'admin' && b.empresaId) throw erro('adminSemEmpresa');
  await assertPlano(db, b.planoId);
  await orFail('erroAoAtualizarUsuario', () =>
    db.transaction(async (tx) => {
      const ativo = b.ativo ?? atual.ativo;
      const antiga = atual.empresaId ? await travarEmpresa(tx, atual.empresaId) : null;
      const nova = empresaId && empresaId !== atual.empresaId ? await travarEmpresa(tx, empresaId) : null;
      const gestoresAntes = antiga ? await gestoresAtivos(tx, antiga.id) : 0;
      // A new seat: joining another company active, or coming back active in the same one.
      if (nova && ativo) await assertVaga(tx, nova);
      if (!nova && antiga && empresaId === antiga.id && ativo && !atual.ativo) await assertVaga(tx, antiga);
      const papel =
        b.papel ?? (nova ? ((await gestoresAtivos(tx, nova.id)) === 0 ? 'gestor' : 'membro') : undefined);
      const [antes] = await tx.select(camposDoUsuarioAuditados).from(usuarios).where(eq(usuarios.id, id));
      const [depois] = await tx
        .update(usuarios)
        .set({
          ...(b.nome !== undefined ? { nome: b.nome } : {}),
          ...(b.tipo !== undefined ? { tipo: b.tipo } : {}),
          ...(empresaId !== atual.empresaId ? { empresaId, receberLembretes: null } : {}),
          ...(papel !== undefined ? { papel } : {}),
          ...(b.telefone !== undefined ? { telefone: b.telefone || null } : {}),
          ...(b.planoId !== undefined ? { planoId: b.planoId } : {}),
          ...(b.ativo !== undefined ? { ativo: b.ativo } : {}),
          atualizadoEm: new Date(),
        })
        .where(eq(usuarios.id, id))
        .returning(camposDoUsuarioAuditados);
      if (antiga) await assertGestorRestante(tx, antiga.id, gestoresAntes);
      await registrarAlteracao(tx, atorDoUsuario(me), {
        entidade: 'usuario',
        entidadeId: id,
        empresaId: depois?.empresaId ?? null,
        antes,
        depois,
        ...(antes?.empresaId !== depois?.empresaId
          ? { detalhes: { empresaAnterior: antes?.empresaId } }
          : {}),
      });
      if (b.nome !== undefined || b.tipo !== undefined || b.ativo !== undefined) {
        await tx
          .update(authUser)
          .set({
            ...(b.nome !== undefined ? { name: b.nome } : {}),
            ...(b.tipo !== undefined ? { role: b.tipo === 'admin' ? 'admin' : 'user' } : {}),
            ...(b.ativo !== undefined ? { banned: !b.ativo } : {}),
            updatedAt: new Date(),
          })
          .where(eq(authUser.id, id));
      }
      // A deactivated user loses every session at once.
      if (b.ativo === false) await endSessions(tx, id);
    }),
  );
  return buscarUsuario(db, id);
}

/**
 * POST /api/admin/usuarios/:id/senha-temporaria: a new temporary password, valid at the next
 * sign-in, e-mailed to the user; their sessions end.
 */
export async function gerarSenhaTemporaria({ db, email, config }: DepsDeSenha, id: string, auditor: Ator) {
  const u = await buscarUsuario(db, id);
  const senha = generateTemporaryPassword();
  const expira = temporaryPasswordExpiry(config.tempPasswordTtlDays);
  await db.transaction(async (tx) => {
    await setPassword(tx, u.id, senha);
    await tx
      .update(usuarios)
      .set({ primeiroAcesso: true, senhaTemporariaExpiraEm: expira, atualizadoEm: new Date() })
      .where(eq(usuarios.id, u.id));
    await endSessions(tx, u.id);
    await registrarAuditoria(tx, auditor, {
      entidade: 'usuario',
      entidadeId: u.id,
      acao: 'redefiniu_senha',
      empresaId: u.empresaId,
      detalhes: { senhaTemporaria: true },
    });
    await email.enqueue(
      tx,
      emailSenhaTemporaria('senha_temporaria', u, senha, expira, config.publicUrl, config.timeZone),
    );
  });
}

/**
 * DELETE /api/admin/usuarios/:id: the user's laudos first (modules/laudos), then the account, in
 * one transaction; then the laudos' files, whose removal failing does not undo the delete.
 */
export async function excluirUsuario(
  deps: { db: Db; storage: Pick<FileStorage, 'remove'>; log: FastifyBaseLogger },
  me: Parameters<typeof atorDoUsuario>[0],
  id: string,
): Promise<void> {
  const { db } = deps;
  if (id === me.id) throw erro('naoPodeExcluirASi');
  const u = await buscarUsuario(db, id);
  const arquivos = await orFail('erroAoExcluirUsuario', () =>
    db.transaction(async (tx) => {
      const empresa = u.empresaId ? await travarEmpresa(tx, u.empresaId) : null;
      const gestoresAntes = empresa ? await gestoresAtivos(tx, empresa.id) : 0;
      const chaves = await excluirLaudosDoUsuario(tx, u, atorDoUsuario(me));
      await tx.delete(authUser).where(eq(authUser.id, u.id));
      if (empresa) await assertGestorRestante(tx, empresa.id, gestoresAntes);
      await registrarAuditoria(tx, atorDoUsuario(me), {
        entidade: 'usuario',
        entidadeId: u.id,
        acao: 'excluiu',
        empresaId: u.empresaId,
        antes: { nome: u.nome, email: u.email, tipo: u.tipo, empresaId: u.empresaId },
      });
      return chaves;
    }),
  );
  await removerArquivosGuardados(deps.storage, deps.log, arquivos);
}

/**
 * POST /api/admin/usuarios/sincronizar: a profile (client, default plan) for each account without
 * one, and the profiles that have no way to sign in.
 */
export async function sincronizarUsuarios(db: Db) {
  return db.transaction(async (tx) => {
    const orphans = await tx
      .select({ id: authUser.id, name: authUser.name, email: authUser.email })
      .from(authUser)
      .leftJoin(usuarios, eq(usuarios.id, authUser.id))
      .where(isNull(usuarios.id));
    const plano = await getPlanoPadrao(tx);
    for (const o of orphans) {
      await tx
        .insert(usuarios)
        .values({
          id: o.id,
          nome: o.name || o.email,
          email: o.email.toLowerCase(),
          tipo: 'cliente',
          planoId: plano?.id ?? null,
        })
        .onConflictDoNothing();
    }
    const semLogin = await tx
      .select({ email: usuarios.email })
      .from(usuarios)
      .leftJoin(authAccount, eq(authAccount.userId, usuarios.id))
      .where(isNull(authAccount.id));
    return {
      perfisCriados: orphans.length,
      contasSemPerfil: orphans.map((o) => o.email),
      perfisSemLogin: semLogin.map((s) => s.email),
    };
  });
}

/** GET /api/admin/usuarios/:id/bloqueios: the user's wrong sign-in attempts (decision 012). */
export async function listarBloqueios(db: Db, limites: Config['rateLimits'], id: string) {
  const u = await buscarUsuario(db, id);
  return listSignInBlocks(db, limites, u.email);
}

/** DELETE /api/admin/usuarios/:id/bloqueios: "Liberar acesso". */
export async function liberarAcesso(db: Db, id: string, log: FastifyBaseLogger): Promise<void> {
  const u = await buscarUsuario(db, id);
  await clearSignInBlocks(db, u.email);
  log.info({ usuarioId: u.id }, 'acesso liberado pelo administrador');
}
