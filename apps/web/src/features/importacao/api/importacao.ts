import {
  type ExecutarImportacaoEntrada,
  type ImportacaoApi,
  importacaoNaWeb,
  type PreviaDaImportacaoEntrada,
} from '@laudos/domain/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, errorFromBody } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

export type { ImportacaoApi };

/** The spreadsheet import of laudos (issue 22, decision 047): one file per step of the wizard. */
const importacoesKey = ['importacoes'] as const;
export function importacaoKey(id: string) {
  return [...importacoesKey, 'detalhe', id] as const;
}

const parseUma = parseWith(importacaoNaWeb.umaImportacao, 'resposta');
const parseLista = parseWith(importacaoNaWeb.lista, 'resposta');

/** The template's address (a plain download link: the browser sends the cookie). */
export function enderecoDoModelo(formato: 'csv' | 'xlsx'): string {
  return `/api/importacoes/modelo?formato=${formato}`;
}

/** The per-row report of a finished import (Linha;Código;Resultado;Mensagem). */
export function enderecoDoRelatorio(id: string): string {
  return `/api/importacoes/${encodeURIComponent(id)}/relatorio.csv`;
}

const ERRO_REDE = 'Não foi possível enviar a planilha. Verifique sua conexão e tente novamente.';
const ERRO_INESPERADO = 'Erro inesperado ao enviar a planilha. Tente novamente em instantes.';

/**
 * POST /api/importacoes (multipart: `arquivo`, and `empresaId` when an admin picks one company for
 * the whole file). The server parses the file now and answers with its headings and first rows.
 */
export async function enviarPlanilha(arquivo: File, empresaId: string | null): Promise<ImportacaoApi> {
  const form = new FormData();
  if (empresaId) form.append('empresaId', empresaId);
  form.append('arquivo', arquivo, arquivo.name);
  let response: Response;
  try {
    response = await fetch('/api/importacoes', {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', ERRO_REDE);
  }
  const texto = await response.text();
  let dados: unknown;
  try {
    dados = texto ? (JSON.parse(texto) as unknown) : undefined;
  } catch {
    dados = undefined;
  }
  if (!response.ok) {
    const doServidor = errorFromBody(response.status, dados);
    if (doServidor) throw doServidor;
    if (response.status === 413)
      throw new ApiError(413, 'ARQUIVO_GRANDE', 'A planilha é grande demais para o limite do sistema.');
    throw new ApiError(response.status, `HTTP_${response.status}`, ERRO_INESPERADO);
  }
  return parseUma(dados).importacao;
}

export function useEnviarPlanilha() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ arquivo, empresaId }: { arquivo: File; empresaId: string | null }) =>
      enviarPlanilha(arquivo, empresaId),
    onSuccess: (importacao) => {
      queryClient.setQueryData(importacaoKey(importacao.id), importacao);
      void queryClient.invalidateQueries({ queryKey: [...importacoesKey, 'lista'] });
    },
  });
}

/**
 * GET /api/importacoes/:id; while the import runs (`importando`), asked again every second for the
 * progress bar.
 */
export function useImportacao(id: string | null) {
  return useQuery({
    queryKey: importacaoKey(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`/importacoes/${encodeURIComponent(id ?? '')}`, { parse: parseUma, signal }).then(
        (r) => r.importacao,
      ),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.status === 'importando' ? 1000 : false),
  });
}

/** GET /api/importacoes: the caller's recent imports (newest first). */
export function useImportacoesRecentes() {
  return useQuery({
    queryKey: [...importacoesKey, 'lista'],
    queryFn: ({ signal }) =>
      apiFetch('/importacoes', { parse: parseLista, signal }).then((r) => r.importacoes),
  });
}

/** POST /api/importacoes/:id/previa: validates every row with the mapping; remembers the mapping. */
export function useVerificarPlanilha(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entrada: PreviaDaImportacaoEntrada) =>
      apiFetch(`/importacoes/${encodeURIComponent(id)}/previa`, {
        method: 'POST',
        body: entrada,
        parse: parseUma,
      }).then((r) => r.importacao),
    onSuccess: (importacao) => queryClient.setQueryData(importacaoKey(id), importacao),
  });
}

/** POST /api/importacoes/:id/executar: the server starts the job (202, status `importando`). */
export function useExecutarImportacao(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entrada: ExecutarImportacaoEntrada) =>
      apiFetch(`/importacoes/${encodeURIComponent(id)}/executar`, {
        method: 'POST',
        body: entrada,
        parse: parseUma,
      }).then((r) => r.importacao),
    onSuccess: (importacao) => {
      queryClient.setQueryData(importacaoKey(id), importacao);
      void queryClient.invalidateQueries({ queryKey: [...importacoesKey, 'lista'] });
    },
  });
}

/**
 * Once an import has finished, the laudo lists are stale. The laudos feature's key is written
 * here rather than imported (features do not import each other).
 */
export function useAoConcluir() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['laudos'] });
}
