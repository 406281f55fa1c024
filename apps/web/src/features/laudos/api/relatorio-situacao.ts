import type { RelatorioSituacaoFiltro } from '@laudos/domain/api';
import { type ArquivoBaixado, apiDownload } from '../../../lib/api';

/** The address of the report with these filters (empty ones left out). */
export function enderecoDoRelatorio(filtro: RelatorioSituacaoFiltro): string {
  const params = new URLSearchParams();
  for (const [chave, valor] of Object.entries(filtro)) if (valor) params.set(chave, valor);
  const query = params.toString();
  return `/relatorios/situacao${query ? `?${query}` : ''}`;
}

/** GET /api/relatorios/situacao: the "Relatório de situação" PDF (plan feature `custom_reports`). */
export function baixarRelatorioDeSituacao(filtro: RelatorioSituacaoFiltro): Promise<ArquivoBaixado> {
  return apiDownload(enderecoDoRelatorio(filtro), 'relatorio-situacao.pdf');
}
