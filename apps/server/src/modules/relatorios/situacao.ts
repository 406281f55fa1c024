import type { Readable } from 'node:stream';
import { type AppSettings, calendarDayIn, formatDateBR, formatDateTimeBR } from '@laudos/domain';
import type { SessionUser } from '../../auth/session.ts';
import type { DbOrTx } from '../../db/client.ts';
import { erro } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { marcaDoRelatorio } from './marca.ts';
import { desenharRelatorio } from './pdf-situacao.ts';
import {
  condicoesDoRelatorio,
  contagens,
  contarLinhasDaTabela,
  type FiltroDoRelatorio,
  type LeitorDoRelatorio,
  linhasDaTabela,
  nomeDaEmpresa,
  vencimentosPorMes,
} from './repo.ts';

/**
 * The "Relatório de situação" (plan feature `custom_reports`): a company's laudos by status and by
 * type, their due dates over the next 12 months and the list of the vencidos and vencendo, as a PDF
 * streamed while the list is read.
 */

export interface ContextoDoRelatorio {
  db: DbOrTx;
  settings: AppSettings;
  timeZone: string;
  /** Where the company's logo is read from (without it, the report carries no logo). */
  storage?: FileStorage;
  agora?: Date;
}

const SITUACAO = { ativo: 'ativo', vencendo: 'vencendo', vencido: 'vencido' } as const;

/** The filters in words, for the report's header. */
export function filtrosEmPalavras(f: FiltroDoRelatorio): string {
  const partes: string[] = [];
  if (f.tipo) partes.push(`Tipo: ${f.tipo}`);
  if (f.status) partes.push(`Situação: ${SITUACAO[f.status]}`);
  if (f.vencimentoDe && f.vencimentoAte)
    partes.push(`Vencimento de ${formatDateBR(f.vencimentoDe)} a ${formatDateBR(f.vencimentoAte)}`);
  else if (f.vencimentoDe) partes.push(`Vencimento a partir de ${formatDateBR(f.vencimentoDe)}`);
  else if (f.vencimentoAte) partes.push(`Vencimento até ${formatDateBR(f.vencimentoAte)}`);
  return partes.length > 0 ? partes.join(' · ') : 'nenhum (todos os laudos)';
}

export interface RelatorioGerado {
  nomeDoArquivo: string;
  corpo: Readable;
}

/**
 * Draws the report of `leitor`'s laudos (their scope, inside `condicoesDoRelatorio`) under `filtro`,
 * titled with `empresa`. The counts are read first; the list is read while the PDF is written.
 */
export async function gerarRelatorio(
  ctx: ContextoDoRelatorio,
  leitor: LeitorDoRelatorio,
  empresa: { id: string | null; nome: string },
  filtro: FiltroDoRelatorio,
  nomeDoArquivo: (hoje: string) => string,
): Promise<RelatorioGerado> {
  const agora = ctx.agora ?? new Date();
  const hoje = calendarDayIn(ctx.timeZone, agora);
  const where = condicoesDoRelatorio(leitor, filtro, hoje);
  const [porStatus, porMes, totalDaTabela] = [
    await contagens(ctx.db, where, hoje),
    await vencimentosPorMes(ctx.db, where, hoje),
    await contarLinhasDaTabela(ctx.db, where, hoje),
  ];
  const marca = await marcaDoRelatorio(ctx, empresa.id);
  const corpo = await desenharRelatorio({
    marca,
    empresa: empresa.nome,
    geradoEm: formatDateTimeBR(agora, ctx.timeZone),
    filtros: filtrosEmPalavras(filtro),
    contagens: porStatus,
    porMes,
    totalDaTabela,
    linhas: linhasDaTabela(ctx.db, where, hoje),
  });
  return { nomeDoArquivo: nomeDoArquivo(hoje), corpo };
}

/**
 * GET /api/relatorios/situacao (its route declares `customReports`): a client's report covers their
 * scope, titled with their company; an admin's, every laudo or one company's (`empresaId`). A
 * client naming another company gets 404, as for anything outside their scope.
 */
export async function gerarRelatorioDeSituacao(
  ctx: ContextoDoRelatorio,
  user: SessionUser,
  filtro: FiltroDoRelatorio,
): Promise<RelatorioGerado> {
  let empresa: { id: string | null; nome: string };
  if (user.tipo === 'admin') {
    if (filtro.empresaId) {
      const nome = await nomeDaEmpresa(ctx.db, filtro.empresaId);
      if (!nome) throw erro('empresaNaoEncontrada');
      empresa = { id: filtro.empresaId, nome };
    } else empresa = { id: null, nome: 'Todas as empresas' };
  } else {
    if (filtro.empresaId && filtro.empresaId !== user.empresaId) throw erro('empresaNaoEncontrada');
    empresa = { id: user.empresaId, nome: user.empresa ?? user.nome };
  }
  return gerarRelatorio(ctx, user, empresa, filtro, (hoje) => `relatorio-situacao-${hoje}.pdf`);
}

/** The whole PDF in memory: for an e-mail's attachment, whose size is bounded by the caller. */
export async function emBuffer(corpo: Readable, limite: number): Promise<Buffer | null> {
  const partes: Buffer[] = [];
  let tamanho = 0;
  for await (const parte of corpo) {
    tamanho += (parte as Buffer).length;
    if (tamanho > limite) {
      corpo.destroy();
      return null;
    }
    partes.push(parte as Buffer);
  }
  return Buffer.concat(partes);
}
