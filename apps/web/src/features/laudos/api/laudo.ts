import type { StatusVencimento } from '@laudos/domain';
import { type Laudo, laudosNaWeb, type OrdemLaudos, type PaginaDeLaudos } from '@laudos/domain/api';
import { parseWith } from '../../../lib/parse';

export type { Laudo, OrdemLaudos } from '@laudos/domain/api';

/** `{ laudo }`, the answer of get, create, update and of the file routes. */
export const parseLaudoResposta = (data: unknown): Laudo => parseWith(laudosNaWeb.umLaudo)(data).laudo;

export const parseLaudosPagina: (data: unknown) => PaginaDeLaudos = parseWith(laudosNaWeb.paginaDeLaudos);
export type LaudosPagina = PaginaDeLaudos;

export type LaudosFiltro = {
  status?: StatusVencimento | '';
  tipo?: string;
  cliente?: string;
  /** Admins: only one company's laudos. */
  empresaId?: string;
  busca?: string;
  vencimentoDe?: string;
  vencimentoAte?: string;
  /** Only laudos with a PDF or an Excel attached. */
  comArquivos?: boolean;
  ordem?: OrdemLaudos;
  direcao?: 'asc' | 'desc';
  pagina?: number;
  porPagina?: number;
};

/** Every query about laudos starts with this key, so one invalidation refreshes them all. */
export const laudosKey = ['laudos'] as const;

export function laudoKey(id: string) {
  return [...laudosKey, 'detalhe', id] as const;
}

/** /api/laudos/{id}/arquivos/{tipo}[/download] */
export function arquivoUrl(id: string, tipo: TipoArquivo, download = false): string {
  return `/api/laudos/${encodeURIComponent(id)}/arquivos/${tipo}${download ? '/download' : ''}`;
}

export type TipoArquivo = 'pdf' | 'excel';
