import { laudosNaWeb } from '@laudos/domain/api';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { uploadFile } from '../../../lib/upload';
import { type Laudo, laudoKey, laudosKey, parseLaudoResposta } from './laudo';

export type { VersaoDoLaudo } from '@laudos/domain/api';

/**
 * GET /api/laudos/:id/versoes: the laudo's earlier versions (decision 030), newest first. Under the
 * laudo's key: a renewal refreshes it.
 */
export function versoesDoLaudoQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...laudoKey(id), 'versoes'],
    queryFn: ({ signal }) =>
      apiFetch(`/laudos/${encodeURIComponent(id)}/versoes`, {
        parse: parseWith(laudosNaWeb.versoesDoLaudo, 'versoes'),
        signal,
      }),
  });
}

export function useVersoesDoLaudo(id: string) {
  return useQuery(versoesDoLaudoQueryOptions(id));
}

export type DadosRenovacao = {
  codigo: string;
  /** 'YYYY-MM-DD'. */
  dataVencimento: string;
  pdf?: File | undefined;
  excel?: File | undefined;
};

/** POST /api/laudos/:id/renovar: the fields first, then the files (multipart), with progress. */
export function renovarLaudo(
  id: string,
  dados: DadosRenovacao,
  onProgress: (p: number) => void,
): Promise<Laudo> {
  const form = new FormData();
  form.append('codigo', dados.codigo);
  form.append('dataVencimento', dados.dataVencimento);
  if (dados.pdf) form.append('pdf', dados.pdf, dados.pdf.name);
  if (dados.excel) form.append('excel', dados.excel, dados.excel.name);
  return uploadFile({
    method: 'POST',
    url: `/api/laudos/${encodeURIComponent(id)}/renovar`,
    file: form,
    parse: parseLaudoResposta,
    onProgress,
    messages: {
      network: 'Não foi possível renovar o laudo. Verifique sua conexão e tente novamente.',
      tooLarge: 'Um dos arquivos é grande demais para o limite do sistema.',
      unexpected: 'Erro inesperado ao renovar o laudo. Tente novamente em instantes.',
    },
  });
}

/** The renewal with its progress; refreshes the laudo, its history and the lists when done. */
export function useRenovarLaudo(id: string) {
  const queryClient = useQueryClient();
  const [percentual, setPercentual] = useState<number | null>(null);
  const [erro, setErro] = useState<unknown>(null);
  const renovar = useCallback(
    async (dados: DadosRenovacao): Promise<Laudo | null> => {
      setErro(null);
      setPercentual(0);
      try {
        const laudo = await renovarLaudo(id, dados, setPercentual);
        queryClient.setQueryData(laudoKey(id), laudo);
        void queryClient.invalidateQueries({ queryKey: laudosKey });
        return laudo;
      } catch (error) {
        setErro(error);
        return null;
      } finally {
        setPercentual(null);
      }
    },
    [id, queryClient],
  );
  const limpar = useCallback(() => setErro(null), []);
  return { renovar, enviando: percentual !== null, percentual, erro, limpar };
}
