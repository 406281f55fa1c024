import { exigeInspecaoExtraordinaria, formatDateBR, problemaDaProrrogacao } from '@laudos/domain';
import {
  type atualizarEquipamentoEntrada,
  type criarEquipamentoEntrada,
  EXAMES_DO_TIPO,
  type ExameDeEquipamento,
  type equipamentosNoServidor,
  type eventoEntrada,
  type filtroDeEquipamentos,
  type inspecaoEntrada,
  NOMES_DOS_EXAMES,
  type prorrogacaoEntrada,
  type TipoDeEquipamento,
} from '@laudos/domain/api';
import { and, asc, desc, eq, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { atorDoUsuario, registrarAuditoria } from '../../auditoria/registrar.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  empresas,
  equipamentoConexoes,
  equipamentoEventos,
  equipamentoExames,
  equipamentoInspecoes,
  equipamentoProrrogacoes,
  equipamentos,
  laudos,
} from '../../db/schema.ts';
import { erro } from '../../http/errors.ts';
import type { EmailDoEstagio } from '../renovacoes/service.ts';
import {
  concluirPedidosDosExames,
  sincronizarLaudosDosExames,
  soltarLaudosDoEquipamento,
} from './laudos-dos-exames.ts';
import { calcular, type Ligado, situacaoDe } from './prazos.ts';

/**
 * The NR-13 equipment registry (issue 23, decision 048): a company's boilers, vessels, piping,
 * tanks and safety devices, their inspections, extensions and events. Scoped like the laudos: an
 * admin sees every company's; a client, their own company's (`escopoDeEquipamentos`, in every
 * query). Each change recomputes the exams' dates (`recalcularEquipamento`) in its transaction,
 * and those of the piping and devices that follow the changed equipment.
 */

type Usuario = Pick<SessionUser, 'id' | 'tipo' | 'empresaId' | 'papel'>;

/** The equipment a user may see, as a condition of the query (never a filter after loading). */
export function escopoDeEquipamentos(user: Pick<SessionUser, 'tipo' | 'empresaId'>): SQL | undefined {
  if (user.tipo === 'admin') return undefined;
  return user.empresaId ? eq(equipamentos.empresaId, user.empresaId) : sql`false`;
}

export type Row = typeof equipamentos.$inferSelect;

async function lerEquipamento(db: DbOrTx, user: Usuario, id: string, bloquear = false): Promise<Row> {
  const consulta = db
    .select()
    .from(equipamentos)
    .where(and(eq(equipamentos.id, id), escopoDeEquipamentos(user)));
  const [row] = bloquear ? await consulta.for('update') : await consulta;
  if (!row) throw erro('equipamentoNaoEncontrado');
  return row;
}

/** 422 when the type has no such exam (a boiler has no "exame interno"). */
function exigirExameDoTipo(tipo: TipoDeEquipamento, exame: ExameDeEquipamento) {
  if (!EXAMES_DO_TIPO[tipo].includes(exame))
    throw erro('exameInvalido', `${NOMES_DOS_EXAMES[exame]} não se aplica a este tipo de equipamento.`);
}

/** Deleting equipment and deciding an extension are the gestor's (or an admin's). */
function exigirGestorOuAdmin(user: Usuario, acao: string) {
  if (user.tipo !== 'admin' && user.papel !== 'gestor') throw erro('apenasGestor', acao);
}

// ── Recomputing ─────────────────────────────────────────────────────────────────────────────

export async function intervalosDe(tx: DbOrTx, ids: string[]): Promise<Map<string, Ligado>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: equipamentos.id,
      tag: equipamentos.tag,
      tipo: equipamentos.tipo,
      exame: equipamentoExames.exame,
      intervalo: equipamentoExames.intervaloMeses,
    })
    .from(equipamentos)
    .leftJoin(equipamentoExames, eq(equipamentoExames.equipamentoId, equipamentos.id))
    .where(inArray(equipamentos.id, ids));
  const out = new Map<string, Ligado>();
  for (const r of rows) {
    const l = out.get(r.id) ?? { tag: r.tag, tipo: r.tipo, intervalos: {} };
    if (r.exame && r.exame !== 'extraordinaria') l.intervalos[r.exame as ExameDeEquipamento] = r.intervalo;
    out.set(r.id, l);
  }
  return out;
}

/** The piping connected to an equipment and the devices protecting it: their dates follow its own. */
function seguidoresDe(tx: DbOrTx, id: string) {
  return tx
    .select({ id: equipamentos.id })
    .from(equipamentos)
    .where(
      or(
        eq(equipamentos.protegeId, id),
        inArray(
          equipamentos.id,
          tx
            .select({ id: equipamentoConexoes.tubulacaoId })
            .from(equipamentoConexoes)
            .where(eq(equipamentoConexoes.equipamentoId, id)),
        ),
      ),
    );
}

/**
 * Recomputes one equipment's category and exams from its rows, then those that follow it (piping
 * connected to it, devices protecting it), each once.
 */
export async function recalcularEquipamento(
  tx: DbOrTx,
  id: string,
  vistos = new Set<string>(),
): Promise<void> {
  if (vistos.has(id)) return;
  vistos.add(id);
  const [e] = await tx.select().from(equipamentos).where(eq(equipamentos.id, id));
  if (!e) return;
  // One after another: a transaction is one connection (pg warns on overlapping queries on it).
  const inspecoes = await tx
    .select()
    .from(equipamentoInspecoes)
    .where(eq(equipamentoInspecoes.equipamentoId, id));
  const prorrogacoes = await tx
    .select()
    .from(equipamentoProrrogacoes)
    .where(eq(equipamentoProrrogacoes.equipamentoId, id))
    .orderBy(asc(equipamentoProrrogacoes.decididaEm));
  const eventos = await tx.select().from(equipamentoEventos).where(eq(equipamentoEventos.equipamentoId, id));
  const conexoes = await tx
    .select({ id: equipamentoConexoes.equipamentoId })
    .from(equipamentoConexoes)
    .where(eq(equipamentoConexoes.tubulacaoId, id));
  const ligados = await intervalosDe(tx, [
    ...conexoes.map((c) => c.id),
    ...(e.protegeId ? [e.protegeId] : []),
  ]);
  const c = calcular({ ...e, opcoes: e.opcoes ?? {} }, inspecoes, prorrogacoes, eventos, {
    conexoes: conexoes.map((x) => ligados.get(x.id)).filter((x): x is Ligado => Boolean(x)),
    protegido: e.protegeId ? (ligados.get(e.protegeId) ?? null) : null,
  });
  const anteriores = new Map(
    (await tx.select().from(equipamentoExames).where(eq(equipamentoExames.equipamentoId, id))).map((x) => [
      x.exame,
      x.explicacao,
    ]),
  );
  await tx.delete(equipamentoExames).where(eq(equipamentoExames.equipamentoId, id));
  if (c.exames.length > 0)
    await tx.insert(equipamentoExames).values(c.exames.map((x) => ({ equipamentoId: id, ...x })));
  await tx
    .update(equipamentos)
    .set({ categoria: c.categoria, classificacao: c.classificacao, proximaData: c.proximaData })
    .where(eq(equipamentos.id, id));
  await sincronizarLaudosDosExames(tx, e, c.exames, anteriores);
  const seguidores = await seguidoresDe(tx, id);
  for (const s of seguidores) await recalcularEquipamento(tx, s.id, vistos);
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

const resumoCols = {
  id: equipamentos.id,
  empresaId: equipamentos.empresaId,
  empresaNome: empresas.nomeFantasia,
  tipo: equipamentos.tipo,
  tag: equipamentos.tag,
  descricao: equipamentos.descricao,
  estabelecimento: equipamentos.estabelecimento,
  localizacao: equipamentos.localizacao,
  categoria: equipamentos.categoria,
  ativo: equipamentos.ativo,
  proximaData: equipamentos.proximaData,
};

/** GET /api/equipamentos: the caller's equipment, soonest due first, with the filters. */
export async function listarEquipamentos(
  db: DbOrTx,
  user: Usuario,
  f: z.output<typeof filtroDeEquipamentos>,
  hoje: string,
) {
  const em30 = sql`(${hoje}::date + 30)`;
  const situacao: Record<string, SQL> = {
    vencido: sql`${equipamentos.proximaData} < ${hoje}::date`,
    vencendo: sql`${equipamentos.proximaData} between ${hoje}::date and ${em30}`,
    em_dia: sql`${equipamentos.proximaData} > ${em30}`,
    sem_data: isNull(equipamentos.proximaData),
  };
  const termo = f.busca ? `%${f.busca.replaceAll(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const rows = await db
    .select(resumoCols)
    .from(equipamentos)
    .innerJoin(empresas, eq(empresas.id, equipamentos.empresaId))
    .where(
      and(
        escopoDeEquipamentos(user),
        f.empresaId ? eq(equipamentos.empresaId, f.empresaId) : undefined,
        f.tipo ? eq(equipamentos.tipo, f.tipo) : undefined,
        f.categoria ? eq(equipamentos.categoria, f.categoria) : undefined,
        f.situacao ? situacao[f.situacao] : undefined,
        f.vencimentoAte ? lte(equipamentos.proximaData, f.vencimentoAte) : undefined,
        termo
          ? or(
              ilike(equipamentos.tag, termo),
              ilike(equipamentos.descricao, termo),
              ilike(equipamentos.localizacao, termo),
            )
          : undefined,
      ),
    )
    .orderBy(sql`${equipamentos.proximaData} asc nulls last`, asc(equipamentos.tag))
    .limit(1000);
  return { equipamentos: rows.map((r) => ({ ...r, situacao: situacaoDe(r.proximaData, hoje) })) };
}

/** GET /api/equipamentos/:id: data, classification explained, exams, inspections, extensions, events. */
export async function buscarEquipamento(
  db: DbOrTx,
  user: Usuario,
  id: string,
  hoje: string,
): Promise<z.infer<typeof equipamentosNoServidor.um>> {
  const e = await lerEquipamento(db, user, id);
  const [[empresa], exames, inspecoes, prorrogacoes, eventos, conexoes] = await Promise.all([
    db.select({ nome: empresas.nomeFantasia }).from(empresas).where(eq(empresas.id, e.empresaId)),
    db.select().from(equipamentoExames).where(eq(equipamentoExames.equipamentoId, id)),
    db
      .select()
      .from(equipamentoInspecoes)
      .where(eq(equipamentoInspecoes.equipamentoId, id))
      .orderBy(desc(equipamentoInspecoes.dataFim), desc(equipamentoInspecoes.criadoEm)),
    db
      .select()
      .from(equipamentoProrrogacoes)
      .where(eq(equipamentoProrrogacoes.equipamentoId, id))
      .orderBy(desc(equipamentoProrrogacoes.criadoEm)),
    db
      .select()
      .from(equipamentoEventos)
      .where(eq(equipamentoEventos.equipamentoId, id))
      .orderBy(desc(equipamentoEventos.data), desc(equipamentoEventos.criadoEm)),
    db
      .select({ id: equipamentos.id, tag: equipamentos.tag })
      .from(equipamentoConexoes)
      .innerJoin(equipamentos, eq(equipamentos.id, equipamentoConexoes.equipamentoId))
      .where(eq(equipamentoConexoes.tubulacaoId, id))
      .orderBy(asc(equipamentos.tag)),
  ]);
  // Its documents: the exams' laudos and the inspections' reports (of its company, checked when linked).
  const relatorios = inspecoes.flatMap((i) => (i.laudoId ? [i.laudoId] : []));
  const documentos = await db
    .select({
      id: laudos.id,
      nome: laudos.nome,
      codigo: laudos.codigo,
      exame: laudos.exame,
      dataVencimento: laudos.dataVencimento,
      versao: laudos.versao,
      arquivoPdfNome: laudos.arquivoPdfNome,
      arquivoExcelNome: laudos.arquivoExcelNome,
    })
    .from(laudos)
    .where(
      and(
        eq(laudos.empresaId, e.empresaId),
        relatorios.length > 0
          ? or(eq(laudos.equipamentoId, id), inArray(laudos.id, relatorios))
          : eq(laudos.equipamentoId, id),
      ),
    )
    .orderBy(sql`${laudos.dataVencimento} asc nulls last`, asc(laudos.nome));
  const ordem = [...EXAMES_DO_TIPO[e.tipo], 'extraordinaria'];
  return {
    equipamento: {
      id: e.id,
      empresaId: e.empresaId,
      empresaNome: empresa?.nome ?? '',
      tipo: e.tipo,
      tag: e.tag,
      descricao: e.descricao,
      estabelecimento: e.estabelecimento,
      localizacao: e.localizacao,
      categoria: e.categoria,
      ativo: e.ativo,
      proximaData: e.proximaData,
      situacao: situacaoDe(e.proximaData, hoje),
      pressaoOperacaoKpa: e.pressaoOperacaoKpa,
      pressaoMaximaKpa: e.pressaoMaximaKpa,
      volumeM3: e.volumeM3,
      fluido: e.fluido,
      classeFluido: e.classeFluido,
      spie: e.spie,
      opcoes: e.opcoes ?? {},
      placa: e.placa ?? {},
      dataInstalacao: e.dataInstalacao,
      protegeId: e.protegeId,
      conexoes,
      classificacao: e.classificacao,
      exames: exames
        .sort((a, b) => ordem.indexOf(a.exame) - ordem.indexOf(b.exame))
        .map((x) => ({
          exame: x.exame as ExameDeEquipamento | 'extraordinaria',
          nome:
            x.exame === 'extraordinaria'
              ? 'Inspeção extraordinária'
              : NOMES_DOS_EXAMES[x.exame as ExameDeEquipamento],
          intervaloMeses: x.intervaloMeses,
          ultimaEm: x.ultimaEm,
          maxima: x.maxima,
          data: x.data,
          situacao: situacaoDe(x.data, hoje),
          explicacao: x.explicacao,
          prorrogacao: x.prorrogacao,
        })),
      inspecoes: inspecoes.map((i) => ({
        id: i.id,
        tipo: i.tipo as 'inicial' | 'periodica' | 'extraordinaria' | 'registro_anterior',
        exames: i.exames as ExameDeEquipamento[],
        dataInicio: i.dataInicio,
        dataFim: i.dataFim,
        phNome: i.phNome,
        phCrea: i.phCrea,
        resultado: i.resultado,
        parecer: i.parecer,
        recomendacoes: i.recomendacoes,
        proximasPlanejadas: i.proximasPlanejadas,
        laudoId: i.laudoId,
        criadoEm: i.criadoEm,
      })),
      prorrogacoes: prorrogacoes.map((p) => ({
        id: p.id,
        exame: p.exame as ExameDeEquipamento,
        tipo: p.tipo,
        meses: p.meses,
        justificativa: p.justificativa,
        phNome: p.phNome,
        phCrea: p.phCrea,
        avisoSindicatoEm: p.avisoSindicatoEm,
        status: p.status,
        decididaEm: p.decididaEm,
        criadoEm: p.criadoEm,
      })),
      eventos: eventos.map((v) => ({
        id: v.id,
        tipo: v.tipo,
        data: v.data,
        descricao: v.descricao,
        exigeInspecao: v.exigeInspecao,
        criadoEm: v.criadoEm,
      })),
      documentos: documentos.map((d) => ({
        ...d,
        exame: d.exame as ExameDeEquipamento | 'extraordinaria' | null,
      })),
    },
  };
}

// ── Writing ─────────────────────────────────────────────────────────────────────────────────

/** The links of piping and devices must name equipment of the same company, of a type that fits. */
async function conferirLigacoes(
  tx: DbOrTx,
  empresaId: string,
  tipo: TipoDeEquipamento,
  proprioId: string | null,
  protegeId: string | null | undefined,
  conexoes: string[] | undefined,
) {
  if (protegeId) {
    if (tipo !== 'dispositivo')
      throw erro('ligacaoInvalida', 'Só um dispositivo de segurança protege outro equipamento.');
    const [p] = await tx
      .select({ tipo: equipamentos.tipo })
      .from(equipamentos)
      .where(and(eq(equipamentos.id, protegeId), eq(equipamentos.empresaId, empresaId)));
    if (!p || protegeId === proprioId)
      throw erro('ligacaoInvalida', 'O equipamento protegido não foi encontrado nesta empresa.');
    if (p.tipo === 'dispositivo')
      throw erro(
        'ligacaoInvalida',
        'Um dispositivo de segurança protege um equipamento, não outro dispositivo.',
      );
  }
  if (conexoes && conexoes.length > 0) {
    if (tipo !== 'tubulacao') throw erro('ligacaoInvalida', 'Só uma tubulação se liga a vasos e caldeiras.');
    const unicas = [...new Set(conexoes)];
    const achados = await tx
      .select({ id: equipamentos.id, tipo: equipamentos.tipo })
      .from(equipamentos)
      .where(and(inArray(equipamentos.id, unicas), eq(equipamentos.empresaId, empresaId)));
    if (achados.length !== unicas.length || unicas.includes(proprioId ?? ''))
      throw erro('ligacaoInvalida', 'Um equipamento ligado à tubulação não foi encontrado nesta empresa.');
    if (achados.some((a) => a.tipo !== 'vaso' && a.tipo !== 'caldeira'))
      throw erro('ligacaoInvalida', 'Uma tubulação se liga a vasos de pressão e caldeiras.');
  }
}

const auditado = (e: Partial<Row>) => ({
  tipo: e.tipo,
  tag: e.tag,
  descricao: e.descricao,
  estabelecimento: e.estabelecimento,
  localizacao: e.localizacao,
  pressaoOperacaoKpa: e.pressaoOperacaoKpa,
  pressaoMaximaKpa: e.pressaoMaximaKpa,
  volumeM3: e.volumeM3,
  fluido: e.fluido,
  classeFluido: e.classeFluido,
  spie: e.spie,
  opcoes: e.opcoes,
  placa: e.placa,
  dataInstalacao: e.dataInstalacao,
  protegeId: e.protegeId,
  ativo: e.ativo,
  categoria: e.categoria,
});

export function tagDuplicada(tag: string) {
  return (err: unknown): never => {
    if (isUniqueViolation(err)) throw erro('tagDuplicada', tag);
    throw err;
  };
}

/** Marks the audit entries of a change made by a spreadsheet import (the file and its row). */
export type Origem = Record<string, unknown> | undefined;

/**
 * Creates one equipment in the caller's transaction: links checked, the exams done before the
 * registry kept as "registro anterior", dates computed, exam laudos made, one audit entry. The one
 * path of POST /api/equipamentos and of the spreadsheet import.
 */
export async function inserirEquipamento(
  tx: DbOrTx,
  user: SessionUser,
  empresaId: string,
  b: z.output<typeof criarEquipamentoEntrada>,
  hoje: string,
  origem?: Origem,
): Promise<string> {
  await conferirLigacoes(tx, empresaId, b.tipo, null, b.protegeId, b.conexoes);
  for (const exame of Object.keys(b.ultimosExames ?? {}))
    exigirExameDoTipo(b.tipo, exame as ExameDeEquipamento);
  for (const [exame, data] of Object.entries(b.ultimosExames ?? {}))
    if (data && data > hoje)
      throw erro(
        'exameInvalido',
        `${NOMES_DOS_EXAMES[exame as ExameDeEquipamento]}: a data do último exame não pode estar no futuro.`,
      );
  const [row] = await tx
    .insert(equipamentos)
    .values({
      empresaId,
      tipo: b.tipo,
      tag: b.tag,
      descricao: b.descricao ?? null,
      estabelecimento: b.estabelecimento ?? null,
      localizacao: b.localizacao ?? null,
      pressaoOperacaoKpa: b.pressaoOperacaoKpa ?? null,
      pressaoMaximaKpa: b.pressaoMaximaKpa ?? null,
      volumeM3: b.volumeM3 ?? null,
      fluido: b.fluido ?? null,
      classeFluido: b.classeFluido ?? null,
      spie: b.spie ?? false,
      opcoes: b.opcoes ?? {},
      placa: b.placa ?? {},
      dataInstalacao: b.dataInstalacao ?? null,
      protegeId: b.protegeId ?? null,
      criadoPor: user.chaveApi ? null : user.id,
    })
    .returning();
  const novo = row!;
  if (b.conexoes?.length)
    await tx
      .insert(equipamentoConexoes)
      .values([...new Set(b.conexoes)].map((equipamentoId) => ({ tubulacaoId: novo.id, equipamentoId })));
  await registrarExamesAnteriores(tx, user, novo.id, b.ultimosExames);
  await recalcularEquipamento(tx, novo.id);
  const [calculado] = await tx.select().from(equipamentos).where(eq(equipamentos.id, novo.id));
  await registrarAuditoria(tx, atorDoUsuario(user), {
    entidade: 'equipamento',
    entidadeId: novo.id,
    acao: 'criou',
    empresaId,
    depois: auditado(calculado!),
    ...(origem ? { detalhes: origem } : {}),
  });
  return novo.id;
}

/** The exams done before the registry: one "registro anterior" per date. */
export async function registrarExamesAnteriores(
  tx: DbOrTx,
  user: SessionUser,
  equipamentoId: string,
  ultimos: Partial<Record<ExameDeEquipamento, string>> | undefined,
) {
  const porData = new Map<string, string[]>();
  for (const [exame, data] of Object.entries(ultimos ?? {}))
    if (data) porData.set(data, [...(porData.get(data) ?? []), exame]);
  for (const [dataFim, exames] of porData)
    await tx.insert(equipamentoInspecoes).values({
      equipamentoId,
      tipo: 'registro_anterior',
      exames,
      dataFim,
      criadoPor: user.chaveApi ? null : user.id,
    });
}

/** POST /api/equipamentos. */
export async function criarEquipamento(
  db: Db,
  user: SessionUser,
  b: z.output<typeof criarEquipamentoEntrada>,
  hoje: string,
) {
  const empresaId = user.tipo === 'admin' ? b.empresaId : user.empresaId;
  if (user.tipo !== 'admin' && !user.empresaId) throw erro('semEmpresa');
  if (!empresaId) throw erro('empresaDoEquipamento');
  const id = await db
    .transaction(async (tx) => {
      const [empresa] = await tx.select({ id: empresas.id }).from(empresas).where(eq(empresas.id, empresaId));
      if (!empresa) throw erro('empresaNaoEncontrada');
      return inserirEquipamento(tx, user, empresaId, b, hoje);
    })
    .catch(tagDuplicada(b.tag));
  return buscarEquipamento(db, user, id, hoje);
}

/**
 * Changes the fields sent of an equipment read (and locked) by the caller, then recomputes; one
 * audit entry. The one path of PATCH /api/equipamentos/:id and of the import's "atualizar".
 */
export async function alterarEquipamento(
  tx: DbOrTx,
  user: SessionUser,
  antes: Row,
  b: z.output<typeof atualizarEquipamentoEntrada>,
  origem?: Origem,
) {
  const id = antes.id;
  await conferirLigacoes(tx, antes.empresaId, antes.tipo, id, b.protegeId, b.conexoes);
  const { conexoes, ...campos } = b;
  const mudancas = Object.fromEntries(Object.entries(campos).filter(([, v]) => v !== undefined));
  await tx
    .update(equipamentos)
    .set({ ...mudancas, atualizadoEm: new Date() })
    .where(eq(equipamentos.id, id));
  if (conexoes !== undefined) {
    await tx.delete(equipamentoConexoes).where(eq(equipamentoConexoes.tubulacaoId, id));
    if (conexoes.length)
      await tx
        .insert(equipamentoConexoes)
        .values([...new Set(conexoes)].map((equipamentoId) => ({ tubulacaoId: id, equipamentoId })));
  }
  await recalcularEquipamento(tx, id);
  const [depois] = await tx.select().from(equipamentos).where(eq(equipamentos.id, id));
  await registrarAuditoria(tx, atorDoUsuario(user), {
    entidade: 'equipamento',
    entidadeId: id,
    acao: 'alterou',
    empresaId: antes.empresaId,
    antes: auditado(antes),
    depois: auditado(depois!),
    ...(origem ? { detalhes: origem } : {}),
  });
}

/** PATCH /api/equipamentos/:id: changes the fields sent, then recomputes. */
export async function atualizarEquipamento(
  db: Db,
  user: SessionUser,
  id: string,
  b: z.output<typeof atualizarEquipamentoEntrada>,
  hoje: string,
) {
  await db
    .transaction(async (tx) => alterarEquipamento(tx, user, await lerEquipamento(tx, user, id, true), b))
    .catch(tagDuplicada(b.tag ?? ''));
  return buscarEquipamento(db, user, id, hoje);
}

/** DELETE /api/equipamentos/:id (gestor or admin): its inspections, extensions and events go with it. */
export async function excluirEquipamento(db: Db, user: SessionUser, id: string) {
  await db.transaction(async (tx) => {
    // Not found before not allowed: another company's equipment does not exist for its caller.
    const antes = await lerEquipamento(tx, user, id, true);
    exigirGestorOuAdmin(user, 'excluir equipamentos');
    const seguidores = await seguidoresDe(tx, id);
    await soltarLaudosDoEquipamento(tx, id);
    await tx.update(equipamentos).set({ protegeId: null }).where(eq(equipamentos.protegeId, id));
    await tx.delete(equipamentos).where(eq(equipamentos.id, id));
    for (const s of seguidores) await recalcularEquipamento(tx, s.id);
    await registrarAuditoria(tx, atorDoUsuario(user), {
      entidade: 'equipamento',
      entidadeId: id,
      acao: 'excluiu',
      empresaId: antes.empresaId,
      antes: auditado(antes),
    });
  });
}

/** POST /api/equipamentos/:id/inspecoes: records an inspection and moves its exams' next dates. */
export async function registrarInspecao(
  db: Db,
  user: SessionUser,
  id: string,
  b: z.output<typeof inspecaoEntrada>,
  hoje: string,
  porEmail?: EmailDoEstagio,
) {
  await db.transaction(async (tx) => {
    const e = await lerEquipamento(tx, user, id, true);
    const exames = [...new Set(b.exames)];
    for (const exame of exames) exigirExameDoTipo(e.tipo, exame);
    for (const exame of Object.keys(b.proximasPlanejadas ?? {}))
      if (!exames.includes(exame as ExameDeEquipamento))
        throw erro(
          'exameInvalido',
          `A data planejada de ${NOMES_DOS_EXAMES[exame as ExameDeEquipamento]} só vale para um exame desta inspeção.`,
        );
    if (b.dataInicio && b.dataInicio > b.dataFim)
      throw erro('exameInvalido', 'A data de início não pode ser depois da data de conclusão.');
    if (b.dataFim > hoje) throw erro('exameInvalido', 'A data de conclusão não pode estar no futuro.');
    if (b.laudoId) {
      const [laudo] = await tx
        .select({ id: laudos.id })
        .from(laudos)
        .where(and(eq(laudos.id, b.laudoId), eq(laudos.empresaId, e.empresaId)));
      if (!laudo) throw erro('laudoNaoEncontrado');
    }
    const [nova] = await tx
      .insert(equipamentoInspecoes)
      .values({
        equipamentoId: id,
        tipo: b.tipo,
        exames,
        dataInicio: b.dataInicio ?? null,
        dataFim: b.dataFim,
        phNome: b.phNome,
        phCrea: b.phCrea,
        resultado: b.resultado,
        parecer: b.parecer ?? null,
        recomendacoes: b.recomendacoes ?? [],
        proximasPlanejadas: b.proximasPlanejadas ?? {},
        laudoId: b.laudoId ?? null,
        criadoPor: user.chaveApi ? null : user.id,
      })
      .returning();
    await recalcularEquipamento(tx, id);
    // A planned date may come before the norm's maximum, never after it (no extension applies to a new cycle).
    const calculados = await tx
      .select()
      .from(equipamentoExames)
      .where(eq(equipamentoExames.equipamentoId, id));
    for (const [exame, planejada] of Object.entries(b.proximasPlanejadas ?? {})) {
      const c = calculados.find((x) => x.exame === exame);
      if (c?.maxima && planejada > c.maxima)
        throw erro(
          'dataPlanejadaAlemDoPrazo',
          NOMES_DOS_EXAMES[exame as ExameDeEquipamento],
          formatDateBR(c.maxima),
        );
      if (planejada <= b.dataFim)
        throw erro('exameInvalido', 'A próxima data planejada deve ser depois da conclusão da inspeção.');
    }
    // The renewal requests of the exams done are answered by this inspection: Concluído, with the note.
    const quem = b.phNome ? `, ${b.phNome}${b.phCrea ? ` (CREA ${b.phCrea})` : ''}` : '';
    await concluirPedidosDosExames(
      tx,
      { equipamentoId: id, exames, usuarioId: user.chaveApi ? null : user.id },
      `Inspeção de ${formatDateBR(b.dataFim)} registrada no cadastro do equipamento${quem}.`,
      porEmail,
    );
    await registrarAuditoria(tx, atorDoUsuario(user), {
      entidade: 'inspecao',
      entidadeId: nova!.id,
      acao: 'registrou_inspecao',
      empresaId: e.empresaId,
      depois: { ...nova, exames },
      detalhes: { equipamentoId: id, tag: e.tag },
    });
  });
  return buscarEquipamento(db, user, id, hoje);
}

/** POST /api/equipamentos/:id/prorrogacoes: an extension request, within its kind's limit. */
export async function solicitarProrrogacao(
  db: Db,
  user: SessionUser,
  id: string,
  b: z.output<typeof prorrogacaoEntrada>,
  hoje: string,
) {
  await db.transaction(async (tx) => {
    const e = await lerEquipamento(tx, user, id, true);
    exigirExameDoTipo(e.tipo, b.exame);
    const [exame] = await tx
      .select()
      .from(equipamentoExames)
      .where(and(eq(equipamentoExames.equipamentoId, id), eq(equipamentoExames.exame, b.exame)));
    if (!exame?.maxima)
      throw erro(
        'prorrogacaoInvalida',
        'Este exame ainda não tem data calculada: registre a última inspeção antes.',
      );
    const equipamento =
      e.tipo === 'dispositivo' ? 'dispositivo' : (e.tipo as 'vaso' | 'caldeira' | 'tubulacao' | 'tanque');
    const problema = problemaDaProrrogacao({
      tipo: b.tipo,
      meses: b.meses,
      intervaloMeses: exame.intervaloMeses,
      equipamento,
      exame: b.exame === 'externo' || b.exame === 'interno' ? b.exame : 'inspecao',
      spie: e.spie,
    });
    if (problema) throw erro('prorrogacaoInvalida', problema);
    const [nova] = await tx
      .insert(equipamentoProrrogacoes)
      .values({
        equipamentoId: id,
        exame: b.exame,
        tipo: b.tipo,
        meses: b.meses,
        justificativa: b.justificativa,
        phNome: b.phNome,
        phCrea: b.phCrea,
        avisoSindicatoEm: b.avisoSindicatoEm ?? null,
        criadoPor: user.chaveApi ? null : user.id,
      })
      .returning();
    await registrarAuditoria(tx, atorDoUsuario(user), {
      entidade: 'prorrogacao',
      entidadeId: nova!.id,
      acao: 'solicitou_prorrogacao',
      empresaId: e.empresaId,
      depois: nova,
      detalhes: { equipamentoId: id, tag: e.tag },
    });
  });
  return buscarEquipamento(db, user, id, hoje);
}

/** POST /api/equipamentos/:id/prorrogacoes/:pid/(aprovar|recusar): the gestor's or admin's decision. */
export async function decidirProrrogacao(
  db: Db,
  user: SessionUser,
  id: string,
  prorrogacaoId: string,
  aprovar: boolean,
  hoje: string,
) {
  await db.transaction(async (tx) => {
    const e = await lerEquipamento(tx, user, id, true);
    exigirGestorOuAdmin(user, 'decidir prorrogações');
    const [p] = await tx
      .select()
      .from(equipamentoProrrogacoes)
      .where(
        and(eq(equipamentoProrrogacoes.id, prorrogacaoId), eq(equipamentoProrrogacoes.equipamentoId, id)),
      );
    if (!p) throw erro('prorrogacaoNaoEncontrada');
    if (p.status !== 'solicitada') throw erro('prorrogacaoJaDecidida');
    const status = aprovar ? 'aprovada' : 'recusada';
    await tx
      .update(equipamentoProrrogacoes)
      .set({ status, decididaEm: new Date(), decididaPor: user.chaveApi ? null : user.id })
      .where(eq(equipamentoProrrogacoes.id, prorrogacaoId));
    await recalcularEquipamento(tx, id);
    await registrarAuditoria(tx, atorDoUsuario(user), {
      entidade: 'prorrogacao',
      entidadeId: prorrogacaoId,
      acao: aprovar ? 'aprovou_prorrogacao' : 'recusou_prorrogacao',
      empresaId: e.empresaId,
      antes: { status: p.status },
      depois: { status },
      detalhes: { equipamentoId: id, tag: e.tag },
    });
  });
  return buscarEquipamento(db, user, id, hoje);
}

/**
 * POST /api/equipamentos/:id/eventos: an idle period's start or end, an alteration, a move or an
 * accident. The last three, and a return after idling past the norm's limit, call for an
 * extraordinary inspection, due at once.
 */
export async function registrarEvento(
  db: Db,
  user: SessionUser,
  id: string,
  b: z.output<typeof eventoEntrada>,
  hoje: string,
) {
  await db.transaction(async (tx) => {
    const e = await lerEquipamento(tx, user, id, true);
    let exigeInspecao = ['alteracao', 'mudanca_de_local', 'acidente'].includes(b.tipo) && e.tipo !== 'tanque';
    if (b.tipo === 'retorno') {
      const [parada] = await tx
        .select({ data: equipamentoEventos.data })
        .from(equipamentoEventos)
        .where(
          and(
            eq(equipamentoEventos.equipamentoId, id),
            eq(equipamentoEventos.tipo, 'parada'),
            sql`${equipamentoEventos.data} <= ${b.data}`,
          ),
        )
        .orderBy(desc(equipamentoEventos.data))
        .limit(1);
      if (!parada) throw erro('exameInvalido', 'Registre antes a parada do equipamento.');
      const limite = e.tipo === 'caldeira' || e.tipo === 'vaso' || e.tipo === 'tubulacao' ? e.tipo : null;
      exigeInspecao = limite !== null && exigeInspecaoExtraordinaria(limite, parada.data, b.data);
    }
    const [novo] = await tx
      .insert(equipamentoEventos)
      .values({
        equipamentoId: id,
        tipo: b.tipo,
        data: b.data,
        descricao: b.descricao ?? null,
        exigeInspecao,
        criadoPor: user.chaveApi ? null : user.id,
      })
      .returning();
    await recalcularEquipamento(tx, id);
    await registrarAuditoria(tx, atorDoUsuario(user), {
      entidade: 'evento_equipamento',
      entidadeId: novo!.id,
      acao: 'registrou_evento',
      empresaId: e.empresaId,
      depois: novo,
      detalhes: { equipamentoId: id, tag: e.tag },
    });
  });
  return buscarEquipamento(db, user, id, hoje);
}
