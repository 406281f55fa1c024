import { type ExameDeEquipamento, NOMES_DOS_EXAMES } from '@laudos/domain/api';
import { and, eq, inArray, like, notInArray, or } from 'drizzle-orm';
import { ATOR_SISTEMA, registrarAuditoria } from '../../auditoria/registrar.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { empresas, laudos, respostasLembrete, tiposLaudo } from '../../db/schema.ts';
import { TIPO_DO_CADASTRO, tiposDosExames } from '../laudos/tipos.ts';
import { type EmailDoEstagio, moverEstagio } from '../renovacoes/service.ts';
import type { ExameCalculado } from './prazos.ts';

/**
 * Each exam's next date travels as a laudo of the company (decision 048): "Exame interno — V-101",
 * of the type the admin tied to the exam, else NR-13 (decision 049), linked to the equipment and
 * exam. So the dashboard, /vencimentos, the calendar, the reminders (which name the laudo, so the
 * exam), the renewal requests and the reports all see it with nothing of their own to change. The registry owns its date: it is rewritten here, in the
 * transaction of every change that moves it, and a hand edit of it is refused (laudos/service.ts).
 */

const SIGLAS: Record<ExameDeEquipamento | 'extraordinaria', string> = {
  externo: 'EXT',
  interno: 'INT',
  seguranca: 'SEG',
  periodica: 'PER',
  extraordinaria: 'EXTRA',
};

const nomeDoExame = (exame: string, tag: string) =>
  `${exame === 'extraordinaria' ? 'Inspeção extraordinária' : NOMES_DOS_EXAMES[exame as ExameDeEquipamento]} — ${tag}`;

/** The first free código `TAG-SIGLA`, `TAG-SIGLA-2`… (códigos are unique across the firm). */
async function codigoLivre(tx: DbOrTx, base: string): Promise<string> {
  const usados = new Set(
    (
      await tx
        .select({ codigo: laudos.codigo })
        .from(laudos)
        .where(
          or(
            eq(laudos.codigo, base),
            like(laudos.codigo, `${base.replaceAll(/[\\%_]/g, (m) => `\\${m}`)}-%`),
          ),
        )
    ).map((r) => r.codigo),
  );
  if (!usados.has(base)) return base;
  for (let n = 2; ; n++) if (!usados.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Brings the exam laudos of one equipment in step with its computed exams: creates the missing
 * ones, moves their dates (and the note, while it is still the registry's own text), and removes
 * the laudo of an exam that no longer exists (an extraordinary inspection done) when it holds no
 * file or version — otherwise it is kept, unlinked, as a record.
 */
export async function sincronizarLaudosDosExames(
  tx: DbOrTx,
  equipamento: { id: string; tag: string; empresaId: string },
  exames: ExameCalculado[],
  anteriores: Map<string, string>,
): Promise<void> {
  const existentes = await tx.select().from(laudos).where(eq(laudos.equipamentoId, equipamento.id));
  const porExame = new Map(existentes.map((l) => [l.exame ?? '', l]));
  const [empresa] = await tx
    .select({ nome: empresas.nomeFantasia })
    .from(empresas)
    .where(eq(empresas.id, equipamento.empresaId));
  const tiposVinculados = await tiposDosExames(tx);
  for (const x of exames) {
    const tipo = tiposVinculados.get(x.exame) ?? TIPO_DO_CADASTRO;
    const atual = porExame.get(x.exame);
    porExame.delete(x.exame);
    const nome = nomeDoExame(x.exame, equipamento.tag);
    if (atual) {
      const notaDoCadastro = atual.observacoes === (anteriores.get(x.exame) ?? null);
      const mudou: Partial<typeof laudos.$inferInsert> = {};
      if (x.data !== null && atual.dataVencimento !== x.data) mudou.dataVencimento = x.data;
      if (atual.nome !== nome) mudou.nome = nome;
      if (atual.tipo !== tipo) mudou.tipo = tipo;
      if (notaDoCadastro && atual.observacoes !== x.explicacao) mudou.observacoes = x.explicacao;
      if (Object.keys(mudou).length === 0) continue;
      await tx
        .update(laudos)
        .set({ ...mudou, atualizadoEm: new Date() })
        .where(eq(laudos.id, atual.id));
      await registrarAuditoria(tx, ATOR_SISTEMA, {
        entidade: 'laudo',
        entidadeId: atual.id,
        acao: 'alterou',
        empresaId: atual.empresaId,
        antes: atual,
        depois: { ...atual, ...mudou },
        detalhes: { equipamentoId: equipamento.id, exame: x.exame },
      });
      continue;
    }
    if (x.data === null) continue;
    if (tipo === TIPO_DO_CADASTRO) await tx.insert(tiposLaudo).values({ nome: tipo }).onConflictDoNothing();
    const [criado] = await tx
      .insert(laudos)
      .values({
        nome,
        codigo: await codigoLivre(tx, `${equipamento.tag}-${SIGLAS[x.exame]}`),
        tipo,
        cliente: empresa?.nome ?? '',
        empresaId: equipamento.empresaId,
        observacoes: x.explicacao,
        dataVencimento: x.data,
        equipamentoId: equipamento.id,
        exame: x.exame,
      })
      .returning();
    await registrarAuditoria(tx, ATOR_SISTEMA, {
      entidade: 'laudo',
      entidadeId: criado!.id,
      acao: 'criou',
      empresaId: equipamento.empresaId,
      depois: criado,
      detalhes: { equipamentoId: equipamento.id, exame: x.exame },
    });
  }
  for (const sobra of porExame.values()) await soltarLaudoDoExame(tx, sobra);
}

/** An exam laudo whose exam is gone: removed when it holds nothing of its own, else kept unlinked. */
export async function soltarLaudoDoExame(tx: DbOrTx, laudo: typeof laudos.$inferSelect): Promise<void> {
  const vazio = !laudo.arquivoPdf && !laudo.arquivoExcel && laudo.versao === 1;
  if (vazio) await tx.delete(laudos).where(eq(laudos.id, laudo.id));
  else await tx.update(laudos).set({ equipamentoId: null, exame: null }).where(eq(laudos.id, laudo.id));
  await registrarAuditoria(tx, ATOR_SISTEMA, {
    entidade: 'laudo',
    entidadeId: laudo.id,
    acao: vazio ? 'excluiu' : 'alterou',
    empresaId: laudo.empresaId,
    antes: laudo,
    detalhes: {
      equipamentoId: laudo.equipamentoId,
      exame: laudo.exame,
      motivo: 'exame encerrado no cadastro',
    },
  });
}

/** The exam laudos of an equipment about to be deleted. */
export async function soltarLaudosDoEquipamento(tx: DbOrTx, equipamentoId: string): Promise<void> {
  const rows = await tx
    .select()
    .from(laudos)
    .where(and(eq(laudos.equipamentoId, equipamentoId)));
  for (const l of rows) await soltarLaudoDoExame(tx, l);
}

/**
 * An exam is renewed by its inspection, not by a new version typed by hand: the open renewal
 * requests of the exam laudos of `exames` move to Concluído through the pipeline's one move (its
 * history row with `nota`, the company's notices, the requester's e-mail), in the inspection's
 * transaction.
 */
export async function concluirPedidosDosExames(
  tx: Tx,
  { equipamentoId, exames, usuarioId }: { equipamentoId: string; exames: string[]; usuarioId: string | null },
  nota: string,
  porEmail?: EmailDoEstagio,
): Promise<number> {
  if (exames.length === 0) return 0;
  const abertos = await tx
    .select({ id: respostasLembrete.id })
    .from(respostasLembrete)
    .innerJoin(laudos, eq(laudos.id, respostasLembrete.laudoId))
    .where(
      and(
        eq(laudos.equipamentoId, equipamentoId),
        inArray(laudos.exame, exames),
        eq(respostasLembrete.tipo, 'solicitacao'),
        notInArray(respostasLembrete.estagio, ['concluido', 'perdido']),
      ),
    );
  for (const { id } of abertos)
    await moverEstagio(tx, { respostaId: id, usuarioId }, { estagio: 'concluido', nota }, porEmail);
  return abertos.length;
}
