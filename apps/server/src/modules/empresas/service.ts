import { digitosDoCnpj } from '@laudos/domain';
import type { AtualizarEmpresaInput, CriarEmpresaInput } from '@laudos/domain/api';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import {
  type Ator,
  CAMPOS_AUDITADOS,
  registrarAlteracao,
  registrarAuditoria,
} from '../../auditoria/registrar.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containsPattern } from '../../db/like.ts';
import { authUser, convites, empresas, laudos, pedidosEmpresa, planos, usuarios } from '../../db/schema.ts';
import { erro } from '../../http/errors.ts';
import { assertPlano } from '../planos/service.ts';

/** The columns of a company as the admin and its gestor see it, with its plan usage. */
const empresaColumns = {
  id: empresas.id,
  razaoSocial: empresas.razaoSocial,
  nomeFantasia: empresas.nomeFantasia,
  cnpj: empresas.cnpj,
  endereco: empresas.endereco,
  emailContato: empresas.emailContato,
  telefone: empresas.telefone,
  planoId: empresas.planoId,
  planoNome: planos.nome,
  maxUsuarios: planos.maxUsuarios,
  maxLaudos: planos.maxLaudos,
  ativo: empresas.ativo,
  criadoEm: empresas.criadoEm,
  pessoas: sql<number>`(
    (select count(*) from ${usuarios} where ${usuarios.empresaId} = ${empresas.id} and ${usuarios.ativo})
    + (select count(*) from ${convites} where ${convites.empresaId} = ${empresas.id}
       and ${convites.aceitoEm} is null and ${convites.canceladoEm} is null and ${convites.expiraEm} > now())
  )::int`,
  totalLaudos: sql<number>`(select count(*) from ${laudos} where ${laudos.empresaId} = ${empresas.id})::int`,
};

function consulta(db: DbOrTx) {
  return db.select(empresaColumns).from(empresas).leftJoin(planos, eq(planos.id, empresas.planoId));
}
type EmpresaRow = Awaited<ReturnType<typeof consulta>>[number];

function toEmpresa(r: EmpresaRow) {
  return {
    id: r.id,
    razaoSocial: r.razaoSocial,
    nomeFantasia: r.nomeFantasia,
    cnpj: r.cnpj,
    endereco: r.endereco,
    emailContato: r.emailContato,
    telefone: r.telefone,
    plano: r.planoId && r.planoNome ? { id: r.planoId, nome: r.planoNome } : null,
    ativo: r.ativo,
    usuarios: { usados: r.pessoas, limite: r.planoId ? r.maxUsuarios : null },
    laudos: { usados: r.totalLaudos, limite: r.planoId ? r.maxLaudos : null },
    criadoEm: r.criadoEm,
  };
}
export type EmpresaApi = ReturnType<typeof toEmpresa>;

export interface FiltroEmpresas {
  busca?: string | undefined;
  planoId?: string | undefined;
  ativo?: boolean | undefined;
  pagina: number;
  porPagina: number;
}

/** Name, razão social or CNPJ (typed with or without punctuation) containing the text. */
function condicaoDeBusca(busca: string): SQL {
  const like = containsPattern(busca);
  const digitos = digitosDoCnpj(busca);
  return or(
    sql`lower(${empresas.nomeFantasia}) like ${like}`,
    sql`lower(${empresas.razaoSocial}) like ${like}`,
    ...(digitos.length >= 3 ? [sql`${empresas.cnpj} like ${`%${digitos}%`}`] : []),
  )!;
}

/** GET /api/admin/empresas: a page of companies with their usage, and the pending requests count. */
export async function listarEmpresas(db: DbOrTx, f: FiltroEmpresas) {
  const conditions: SQL[] = [];
  if (f.busca?.trim()) conditions.push(condicaoDeBusca(f.busca.trim()));
  if (f.planoId) conditions.push(eq(empresas.planoId, f.planoId));
  if (f.ativo !== undefined) conditions.push(eq(empresas.ativo, f.ativo));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(empresas)
    .where(where);
  const rows = await consulta(db)
    .where(where)
    .orderBy(asc(sql`lower(${empresas.nomeFantasia})`), asc(empresas.id))
    .limit(f.porPagina)
    .offset((f.pagina - 1) * f.porPagina);
  return {
    empresas: rows.map(toEmpresa),
    total,
    pagina: f.pagina,
    porPagina: f.porPagina,
    pedidosPendentes: await contarPedidosPendentes(db),
  };
}

async function contarPedidosPendentes(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pedidosEmpresa)
    .where(eq(pedidosEmpresa.status, 'pendente'));
  return row?.n ?? 0;
}

/** GET /api/admin/empresas/opcoes: up to 20 active companies for the laudo form's searchable list. */
export async function opcoesDeEmpresas(db: DbOrTx, busca: string | undefined) {
  const rows = await db
    .select({ id: empresas.id, nome: empresas.nomeFantasia, cnpj: empresas.cnpj })
    .from(empresas)
    .where(and(eq(empresas.ativo, true), busca?.trim() ? condicaoDeBusca(busca.trim()) : undefined))
    .orderBy(asc(sql`lower(${empresas.nomeFantasia})`))
    .limit(20);
  return { empresas: rows };
}

/** One company as the admin (or its gestor) sees it; 404 when there is none. */
export async function buscarEmpresa(db: DbOrTx, id: string): Promise<EmpresaApi> {
  const [row] = await consulta(db).where(eq(empresas.id, id)).limit(1);
  if (!row) throw erro('empresaNaoEncontrada');
  return toEmpresa(row);
}

/** The company's columns its audit entries compare (CAMPOS_AUDITADOS.empresa), taken from empresaColumns. */
const camposDaEmpresaAuditados = {
  id: empresaColumns.id,
  ...(Object.fromEntries(CAMPOS_AUDITADOS.empresa.map((c) => [c, empresaColumns[c]])) as Pick<
    typeof empresaColumns,
    (typeof CAMPOS_AUDITADOS.empresa)[number]
  >),
};

function cnpjDuplicado(err: unknown): never {
  if (isUniqueViolation(err)) throw erro('cnpjDuplicado');
  throw err;
}

/** POST /api/admin/empresas (and the laudo form's "create in place"): on the given or default plan. */
export async function criarEmpresa(db: DbOrTx, input: CriarEmpresaInput, auditor: Ator): Promise<EmpresaApi> {
  await assertPlano(db, input.planoId);
  const planoId =
    input.planoId !== undefined
      ? input.planoId
      : ((await db.select({ id: planos.id }).from(planos).where(eq(planos.padrao, true)).limit(1))[0]?.id ??
        null);
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(empresas)
        .values({
          razaoSocial: input.razaoSocial,
          nomeFantasia: input.nomeFantasia,
          cnpj: input.cnpj ?? null,
          endereco: input.endereco || null,
          emailContato: input.emailContato ?? null,
          telefone: input.telefone || null,
          planoId,
        })
        .returning(camposDaEmpresaAuditados);
      await registrarAuditoria(tx, auditor, {
        entidade: 'empresa',
        entidadeId: row!.id,
        acao: 'criou',
        empresaId: row!.id,
        depois: row,
      });
      return row!.id;
    })
    .catch(cnpjDuplicado);
  return buscarEmpresa(db, id);
}

/**
 * PATCH /api/admin/empresas/:id. A new name reaches its laudos' `cliente` in the same transaction
 * (the spec's field shows the company's name).
 */
export async function atualizarEmpresa(
  db: DbOrTx,
  id: string,
  b: AtualizarEmpresaInput,
  auditor: Ator,
): Promise<EmpresaApi> {
  await buscarEmpresa(db, id);
  await assertPlano(db, b.planoId);
  await db
    .transaction(async (tx) => {
      const [antes] = await tx
        .select(camposDaEmpresaAuditados)
        .from(empresas)
        .where(eq(empresas.id, id))
        .for('update');
      const [depois] = await tx
        .update(empresas)
        .set({
          ...(b.razaoSocial !== undefined ? { razaoSocial: b.razaoSocial } : {}),
          ...(b.nomeFantasia !== undefined ? { nomeFantasia: b.nomeFantasia } : {}),
          ...(b.cnpj !== undefined ? { cnpj: b.cnpj } : {}),
          ...(b.endereco !== undefined ? { endereco: b.endereco || null } : {}),
          ...(b.emailContato !== undefined ? { emailContato: b.emailContato } : {}),
          ...(b.telefone !== undefined ? { telefone: b.telefone || null } : {}),
          ...(b.planoId !== undefined ? { planoId: b.planoId } : {}),
          ...(b.ativo !== undefined ? { ativo: b.ativo } : {}),
          atualizadoEm: new Date(),
        })
        .where(eq(empresas.id, id))
        .returning(camposDaEmpresaAuditados);
      await registrarAlteracao(tx, auditor, {
        entidade: 'empresa',
        entidadeId: id,
        empresaId: id,
        antes,
        depois,
      });
      if (b.nomeFantasia !== undefined)
        await tx.update(laudos).set({ cliente: b.nomeFantasia }).where(eq(laudos.empresaId, id));
    })
    .catch(cnpjDuplicado);
  return buscarEmpresa(db, id);
}

/** The people of a company, gestores first. */
export async function listarPessoas(db: DbOrTx, empresaId: string) {
  return db
    .select({
      id: usuarios.id,
      nome: usuarios.nome,
      email: usuarios.email,
      papel: usuarios.papel,
      ativo: usuarios.ativo,
      receberLembretes: sql<boolean>`coalesce(${usuarios.receberLembretes}, ${usuarios.papel} = 'gestor')`,
    })
    .from(usuarios)
    .innerJoin(authUser, eq(authUser.id, usuarios.id))
    .where(eq(usuarios.empresaId, empresaId))
    .orderBy(sql`${usuarios.papel} = 'gestor' desc`, asc(sql`lower(${usuarios.nome})`));
}

/** The invitations of a company not accepted or cancelled (the expired ones flagged, to resend). */
export async function listarConvites(db: DbOrTx, empresaId: string) {
  const rows = await db
    .select({
      id: convites.id,
      email: convites.email,
      nome: convites.nome,
      papel: convites.papel,
      expiraEm: convites.expiraEm,
      expirado: sql<boolean>`${convites.expiraEm} <= now()`,
      criadoEm: convites.criadoEm,
    })
    .from(convites)
    .where(
      and(
        eq(convites.empresaId, empresaId),
        sql`${convites.aceitoEm} is null`,
        sql`${convites.canceladoEm} is null`,
      ),
    )
    .orderBy(asc(convites.criadoEm));
  return rows;
}

/** GET /api/admin/empresas/:id and GET /api/empresa: the company, its people and (for those who manage it) its invitations. */
export async function equipeDaEmpresa(db: DbOrTx, empresaId: string, comConvites: boolean) {
  const empresa = await buscarEmpresa(db, empresaId);
  return {
    empresa,
    pessoas: await listarPessoas(db, empresaId),
    convites: comConvites ? await listarConvites(db, empresaId) : [],
  };
}
