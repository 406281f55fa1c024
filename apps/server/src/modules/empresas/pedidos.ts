import { cnpjValido, digitosDoCnpj } from '@laudos/domain';
import type { aprovarPedidoEntrada, Papel, pedirEmpresaEntrada } from '@laudos/domain/api';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ator, atorDoUsuario, registrarAuditoria } from '../../auditoria/registrar.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { authUser, empresas, pedidosEmpresa, usuarios } from '../../db/schema.ts';
import { erro } from '../../http/errors.ts';
import { assertVaga, gestoresAtivos, travarEmpresa } from './regras.ts';
import { criarEmpresa } from './service.ts';

/**
 * Requests to join a company (issue 17): a client with no company asks by name or CNPJ (at sign-up
 * or later); an admin joins them to an existing company, creates one for them, or refuses.
 */

/**
 * Records (or replaces) the person's pending request. Used by sign-up and by POST
 * /api/conta/pedido-empresa (which passes the person as the audit entry's actor).
 */
export async function registrarPedido(
  tx: DbOrTx,
  usuarioId: string,
  pedido: { nome?: string | null | undefined; cnpj?: string | null | undefined },
  ator?: Ator,
): Promise<void> {
  const nome = pedido.nome?.trim() || null;
  const cnpj = pedido.cnpj || null;
  if (!nome && !cnpj) throw erro('pedidoSemDados');
  await tx
    .delete(pedidosEmpresa)
    .where(and(eq(pedidosEmpresa.usuarioId, usuarioId), eq(pedidosEmpresa.status, 'pendente')));
  const [novo] = await tx
    .insert(pedidosEmpresa)
    .values({ usuarioId, nome, cnpj })
    .returning({ id: pedidosEmpresa.id, nome: pedidosEmpresa.nome, cnpj: pedidosEmpresa.cnpj });
  if (ator)
    await registrarAuditoria(tx, ator, {
      entidade: 'pedido_empresa',
      entidadeId: novo!.id,
      acao: 'criou',
      empresaId: null,
      depois: novo,
      detalhes: { usuarioId },
    });
}

/** What a person typed in sign-up's "Empresa ou CNPJ": a CNPJ when it is one, a name otherwise. */
export function pedidoDoTexto(texto: string): { nome: string | null; cnpj: string | null } {
  const t = texto.trim();
  return /^[\d./\s-]+$/.test(t) && cnpjValido(t)
    ? { nome: null, cnpj: digitosDoCnpj(t) }
    : { nome: t, cnpj: null };
}

/** POST /api/conta/pedido-empresa. */
export async function pedirEmpresa(
  db: Db,
  user: SessionUser,
  b: z.output<typeof pedirEmpresaEntrada>,
): Promise<{ ok: true }> {
  if (user.tipo === 'admin') throw erro('adminSemEmpresa');
  if (user.empresaId) throw erro('jaTemEmpresa');
  await db.transaction((tx) => registrarPedido(tx, user.id, b, atorDoUsuario(user)));
  return { ok: true };
}

/** The person's pending request, for /api/me. */
export async function pedidoPendente(db: DbOrTx, usuarioId: string) {
  const [row] = await db
    .select({ nome: pedidosEmpresa.nome, cnpj: pedidosEmpresa.cnpj })
    .from(pedidosEmpresa)
    .where(and(eq(pedidosEmpresa.usuarioId, usuarioId), eq(pedidosEmpresa.status, 'pendente')))
    .limit(1);
  return row ?? null;
}

/** GET /api/admin/pedidos-empresa: the pending requests, oldest first, each with a matching company if any. */
export async function listarPedidos(db: DbOrTx) {
  const rows = await db
    .select({
      id: pedidosEmpresa.id,
      usuarioId: usuarios.id,
      usuarioNome: usuarios.nome,
      usuarioEmail: usuarios.email,
      emailVerificado: authUser.emailVerified,
      nome: pedidosEmpresa.nome,
      cnpj: pedidosEmpresa.cnpj,
      criadoEm: pedidosEmpresa.criadoEm,
      sugestaoId: sql<string | null>`(
        select e.id from ${empresas} e
        where (${pedidosEmpresa.cnpj} is not null and e.cnpj = ${pedidosEmpresa.cnpj})
           or (${pedidosEmpresa.nome} is not null and (lower(e.nome_fantasia) = lower(btrim(${pedidosEmpresa.nome}))
               or lower(e.razao_social) = lower(btrim(${pedidosEmpresa.nome}))))
        order by (e.cnpj is not distinct from ${pedidosEmpresa.cnpj}) desc, e.criado_em
        limit 1
      )`,
    })
    .from(pedidosEmpresa)
    .innerJoin(usuarios, eq(usuarios.id, pedidosEmpresa.usuarioId))
    .innerJoin(authUser, eq(authUser.id, usuarios.id))
    .where(eq(pedidosEmpresa.status, 'pendente'))
    .orderBy(asc(pedidosEmpresa.criadoEm));
  const ids = [...new Set(rows.map((r) => r.sugestaoId).filter((id): id is string => Boolean(id)))];
  const sugestoes = new Map(
    (ids.length === 0
      ? []
      : await db
          .select({ id: empresas.id, nome: empresas.nomeFantasia, cnpj: empresas.cnpj })
          .from(empresas)
          .where(inArray(empresas.id, ids))
    ).map((e) => [e.id, e]),
  );
  return {
    pedidos: rows.map((r) => ({
      id: r.id,
      usuario: {
        id: r.usuarioId,
        nome: r.usuarioNome,
        email: r.usuarioEmail,
        emailVerificado: r.emailVerificado,
      },
      nome: r.nome,
      cnpj: r.cnpj,
      sugestao: r.sugestaoId ? (sugestoes.get(r.sugestaoId) ?? null) : null,
      criadoEm: r.criadoEm,
    })),
  };
}

async function travarPedido(tx: DbOrTx, id: string) {
  const [pedido] = await tx
    .select({
      id: pedidosEmpresa.id,
      usuarioId: pedidosEmpresa.usuarioId,
      nome: pedidosEmpresa.nome,
      cnpj: pedidosEmpresa.cnpj,
    })
    .from(pedidosEmpresa)
    .where(and(eq(pedidosEmpresa.id, id), eq(pedidosEmpresa.status, 'pendente')))
    .for('update')
    .limit(1);
  if (!pedido) throw erro('pedidoNaoEncontrado');
  return pedido;
}

/**
 * POST /api/admin/pedidos-empresa/:id/aprovar: the person joins an existing company or a new one
 * (as gestor of a new company or of one with no active gestor; as membro otherwise, unless the
 * admin says), within the plan's user limit.
 */
export async function aprovarPedido(
  db: Db,
  admin: SessionUser,
  id: string,
  b: z.output<typeof aprovarPedidoEntrada>,
): Promise<{ ok: true; empresaId: string }> {
  if (!b.empresaId && !b.nova) throw erro('aprovacaoSemEmpresa');
  return db.transaction(async (tx) => {
    const pedido = await travarPedido(tx, id);
    const empresaId = b.empresaId ?? (await criarEmpresa(tx, b.nova!, atorDoUsuario(admin))).id;
    const empresa = await travarEmpresa(tx, empresaId);
    await assertVaga(tx, empresa);
    const papel: Papel = b.papel ?? ((await gestoresAtivos(tx, empresaId)) === 0 ? 'gestor' : 'membro');
    await tx
      .update(usuarios)
      .set({ empresaId, papel, receberLembretes: null, atualizadoEm: new Date() })
      .where(eq(usuarios.id, pedido.usuarioId));
    await tx
      .update(pedidosEmpresa)
      .set({ status: 'aprovado', resolvidoPor: admin.id, resolvidoEm: new Date() })
      .where(eq(pedidosEmpresa.id, id));
    // One entry, filed under the company the person joins: which one, and as what.
    await registrarAuditoria(tx, atorDoUsuario(admin), {
      entidade: 'pedido_empresa',
      entidadeId: id,
      acao: 'aprovou',
      empresaId,
      antes: { status: 'pendente', empresaId: null, papel: null },
      depois: { status: 'aprovado', empresaId, papel },
      detalhes: { usuarioId: pedido.usuarioId, nome: pedido.nome, cnpj: pedido.cnpj },
    });
    return { ok: true as const, empresaId };
  });
}

/** POST /api/admin/pedidos-empresa/:id/recusar: the person stays with no company. */
export async function recusarPedido(db: Db, admin: SessionUser, id: string): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const pedido = await travarPedido(tx, id);
    await tx
      .update(pedidosEmpresa)
      .set({ status: 'recusado', resolvidoPor: admin.id, resolvidoEm: new Date() })
      .where(eq(pedidosEmpresa.id, id));
    await registrarAuditoria(tx, atorDoUsuario(admin), {
      entidade: 'pedido_empresa',
      entidadeId: id,
      acao: 'recusou',
      empresaId: null,
      antes: { status: 'pendente' },
      depois: { status: 'recusado' },
      detalhes: { usuarioId: pedido.usuarioId, nome: pedido.nome, cnpj: pedido.cnpj },
    });
  });
  return { ok: true };
}
