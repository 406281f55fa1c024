import { formatDateBR } from '@laudos/domain';
import { camposDoErro, renovacaoEntrada } from '@laudos/domain/api';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { atorDoUsuario, registrarAuditoria } from '../../auditoria/registrar.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { laudos, laudoVersoes, respostasLembrete, usuarios } from '../../db/schema.ts';
import { dadosInvalidos, erro } from '../../http/errors.ts';
import { discard, type FileStorage, promote } from '../../storage/storage.ts';
import { avisoDeNovaVersao } from '../avisos/mensagens.ts';
import { avisar } from '../avisos/service.ts';
import { type EmailDoEstagio, moverEstagio } from '../renovacoes/service.ts';
import {
  type ArquivoRecebido,
  type Arquivos,
  abrirArquivoGuardado,
  guardarArquivo,
  type TipoDeArquivo,
} from './arquivos.ts';
import { autorDoPedido, buscarLaudo, escopoDoUsuario, lerLaudo } from './service.ts';

/*
 * A laudo's versions (issue 19, decision 030). Renewing copies the current `laudos` row into
 * `laudo_versoes` and makes the row the new version, in one transaction; the earlier version keeps
 * its files. Every function first reads the laudo through the user's scope (`lerLaudo`).
 */

/** A part of the renewal's multipart body (@fastify/multipart's file or field). */
export type ParteDaRenovacao =
  | ({ type: 'file' } & ArquivoRecebido)
  | { type: 'field'; fieldname: string; value: unknown };

/**
 * A laudo's open renewal requests (the pipeline's stages before Concluído or Perdido) moved to
 * Concluído by the renewal that issued `versao`, through the pipeline's one move (its history row,
 * the company's notices), in the renewal's transaction.
 */
export async function concluirSolicitacoesAbertas(
  tx: Tx,
  laudoId: string,
  usuarioId: string | null,
  versao: number,
  porEmail: EmailDoEstagio,
): Promise<number> {
  const abertas = await tx
    .select({ id: respostasLembrete.id })
    .from(respostasLembrete)
    .where(
      and(
        eq(respostasLembrete.laudoId, laudoId),
        eq(respostasLembrete.tipo, 'solicitacao'),
        notInArray(respostasLembrete.estagio, ['concluido', 'perdido']),
      ),
    );
  for (const { id } of abertas) {
    await moverEstagio(
      tx,
      { respostaId: id, usuarioId },
      { estagio: 'concluido', nota: `Versão ${versao} do laudo emitida.` },
      porEmail,
    );
    await tx.update(respostasLembrete).set({ versaoConcluida: versao }).where(eq(respostasLembrete.id, id));
  }
  return abertas.length;
}

/**
 * POST /api/laudos/:id/renovar: the new version's code and due date (fields) and, optionally, its
 * PDF and Excel (files `pdf`, `excel`, checked as every upload is). A renewal without a new file
 * leaves the new version without one: the old files stay with the old version. The files are
 * stored first and removed again if anything then fails.
 */
export async function renovarLaudo(
  { db, storage, settings, hoje, porEmail }: Omit<Arquivos, 'log'> & { porEmail: EmailDoEstagio },
  user: SessionUser,
  id: string,
  partes: AsyncIterable<ParteDaRenovacao> | undefined,
) {
  const laudo = await lerLaudo(db, user, id);
  // An NR-13 exam's next date is the registry's (decision 048): recording the inspection there moves it.
  if (laudo.equipamentoId) throw erro('vencimentoDoCadastro');
  if (!partes) throw erro('renovacaoSemFormulario');
  const campos = new Map<string, unknown>();
  const novos: Partial<Record<TipoDeArquivo, { key: string; nome: string }>> = {};
  try {
    for await (const parte of partes) {
      if (parte.type === 'field') {
        campos.set(parte.fieldname, parte.value);
        continue;
      }
      const tipo = parte.fieldname;
      if ((tipo !== 'pdf' && tipo !== 'excel') || novos[tipo]) {
        parte.file.resume();
        throw erro('arquivoDaRenovacaoInvalido');
      }
      if (!settings.features.fileUpload) {
        parte.file.resume();
        throw erro('envioDesativado');
      }
      novos[tipo] = await guardarArquivo({ storage, settings }, id, tipo, parte);
    }
    const lido = renovacaoEntrada.safeParse(Object.fromEntries(campos));
    if (!lido.success) throw dadosInvalidos(camposDoErro(lido.error.issues));
    const { codigo, dataVencimento, observacoes } = lido.data;
    const autor = autorDoPedido(user);
    await db.transaction(async (tx) => {
      // The row lock serializes a renewal with an upload or another renewal of the same laudo.
      const [atual] = await tx
        .select()
        .from(laudos)
        .where(and(eq(laudos.id, id), escopoDoUsuario(user)))
        .for('update');
      if (!atual) throw erro('laudoNaoEncontrado');
      if (atual.dataVencimento && dataVencimento <= atual.dataVencimento) {
        const { message } = erro('vencimentoNaoPosterior', formatDateBR(atual.dataVencimento));
        throw dadosInvalidos([{ campo: 'dataVencimento', mensagem: message }], message);
      }
      await tx.insert(laudoVersoes).values({
        laudoId: id,
        numero: atual.versao,
        codigo: atual.codigo,
        dataVencimento: atual.dataVencimento,
        observacoes: atual.observacoes,
        arquivoPdf: atual.arquivoPdf,
        arquivoPdfNome: atual.arquivoPdfNome,
        arquivoExcel: atual.arquivoExcel,
        arquivoExcelNome: atual.arquivoExcelNome,
        emitidoEm: atual.versaoEmitidaEm ?? atual.criadoEm,
        emitidoPor: atual.versao === 1 ? atual.criadoPor : atual.versaoEmitidaPor,
        renovadoPor: autor,
      });
      const versao = atual.versao + 1;
      await tx
        .update(laudos)
        .set({
          versao,
          codigo,
          dataVencimento,
          ...(observacoes !== undefined ? { observacoes: observacoes.trim() || null } : {}),
          status: 'ativo',
          arquivoPdf: novos.pdf?.key ?? null,
          arquivoPdfNome: novos.pdf?.nome ?? null,
          arquivoPdfUrl: novos.pdf ? `/api/laudos/${id}/arquivos/pdf` : null,
          arquivoExcel: novos.excel?.key ?? null,
          arquivoExcelNome: novos.excel?.nome ?? null,
          arquivoExcelUrl: novos.excel ? `/api/laudos/${id}/arquivos/excel` : null,
          versaoEmitidaEm: new Date(),
          versaoEmitidaPor: autor,
          atualizadoEm: new Date(),
        })
        .where(eq(laudos.id, id));
      await registrarAuditoria(tx, atorDoUsuario(user), {
        entidade: 'versao',
        entidadeId: id,
        acao: 'emitiu_versao',
        empresaId: atual.empresaId,
        antes: { versao: atual.versao, dataVencimento: atual.dataVencimento },
        depois: { versao, dataVencimento },
        detalhes: { codigoAnterior: atual.codigo, codigo },
      });
      await concluirSolicitacoesAbertas(tx, id, autor, versao, porEmail);
      if (atual.empresaId) {
        await avisar(
          tx,
          { empresaId: atual.empresaId, exceto: autor },
          avisoDeNovaVersao({ id, nome: atual.nome, codigo }, versao),
        );
      }
      // Last in the transaction: the row names the files only once they are at their real keys.
      for (const novo of Object.values(novos)) await promote(storage, novo.key);
    });
  } catch (err) {
    for (const novo of Object.values(novos)) await discard(storage, novo.key);
    if (isUniqueViolation(err)) throw erro('codigoDuplicado');
    throw err;
  }
  return buscarLaudo(db, user, id, hoje);
}

const emissor = alias(usuarios, 'emissor');
const renovador = alias(usuarios, 'renovador');

/** GET /api/laudos/:id/versoes: the current version's number and the earlier ones, newest first. */
export async function listarVersoes(db: DbOrTx, user: SessionUser, id: string) {
  const laudo = await lerLaudo(db, user, id);
  const rows = await db
    .select({
      numero: laudoVersoes.numero,
      codigo: laudoVersoes.codigo,
      dataVencimento: laudoVersoes.dataVencimento,
      observacoes: laudoVersoes.observacoes,
      arquivoPdf: laudoVersoes.arquivoPdf,
      arquivoPdfNome: laudoVersoes.arquivoPdfNome,
      arquivoExcel: laudoVersoes.arquivoExcel,
      arquivoExcelNome: laudoVersoes.arquivoExcelNome,
      emitidoEm: laudoVersoes.emitidoEm,
      emitidoPor: emissor.nome,
      renovadoEm: laudoVersoes.renovadoEm,
      renovadoPor: renovador.nome,
    })
    .from(laudoVersoes)
    .leftJoin(emissor, eq(emissor.id, laudoVersoes.emitidoPor))
    .leftJoin(renovador, eq(renovador.id, laudoVersoes.renovadoPor))
    .where(eq(laudoVersoes.laudoId, laudo.id))
    .orderBy(desc(laudoVersoes.numero));
  const url = (numero: number, tipo: TipoDeArquivo) =>
    `/api/laudos/${laudo.id}/versoes/${numero}/arquivos/${tipo}`;
  return {
    atual: laudo.versao,
    versoes: rows.map((r) => ({
      numero: r.numero,
      codigo: r.codigo,
      data_vencimento: r.dataVencimento,
      observacoes: r.observacoes,
      arquivo_pdf: r.arquivoPdf ? r.arquivoPdfNome : null,
      arquivo_excel: r.arquivoExcel ? r.arquivoExcelNome : null,
      arquivo_pdf_url: r.arquivoPdf ? url(r.numero, 'pdf') : null,
      arquivo_excel_url: r.arquivoExcel ? url(r.numero, 'excel') : null,
      emitido_em: r.emitidoEm,
      emitido_por: r.emitidoPor ? { nome: r.emitidoPor } : null,
      renovado_em: r.renovadoEm,
      renovado_por: r.renovadoPor ? { nome: r.renovadoPor } : null,
    })),
  };
}

/**
 * GET /api/laudos/:id/versoes/:numero/arquivos/:tipo[/download]: an earlier version's file, scoped
 * and sent exactly as the current one (`abrirArquivoGuardado`).
 */
export async function baixarArquivoDaVersao(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  { id, numero, tipo }: { id: string; numero: number; tipo: TipoDeArquivo },
  disposition: 'inline' | 'attachment',
  rangeHeader?: string,
) {
  const laudo = await lerLaudo(db, user, id);
  const [versao] = await db
    .select({
      pdf: laudoVersoes.arquivoPdf,
      pdfNome: laudoVersoes.arquivoPdfNome,
      excel: laudoVersoes.arquivoExcel,
      excelNome: laudoVersoes.arquivoExcelNome,
    })
    .from(laudoVersoes)
    .where(and(eq(laudoVersoes.laudoId, laudo.id), eq(laudoVersoes.numero, numero)))
    .limit(1);
  if (!versao) throw erro('versaoNaoEncontrada');
  return tipo === 'pdf'
    ? abrirArquivoGuardado(storage, versao.pdf, versao.pdfNome, disposition, rangeHeader)
    : abrirArquivoGuardado(storage, versao.excel, versao.excelNome, disposition, rangeHeader);
}
