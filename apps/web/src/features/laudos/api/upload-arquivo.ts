import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { type Laudo, laudoKey, laudosKey, parseLaudoResposta, type TipoArquivo } from './laudo';

/** The client-side hint only: the server enforces the real limit (413). */
export const TAMANHO_MAXIMO_MB = 25;

export const ACEITA: Record<TipoArquivo, string> = {
  pdf: 'application/pdf,.pdf',
  excel:
    '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel',
};

const ERRO_REDE = 'Não foi possível enviar o arquivo. Verifique sua conexão e tente novamente.';
const ERRO_INESPERADO = 'Erro inesperado ao enviar o arquivo. Tente novamente em instantes.';

/** A quick check before sending; the server has the last word. */
export function erroDoArquivo(arquivo: File, tipo: TipoArquivo): string | undefined {
  const nome = arquivo.name.toLowerCase();
  if (tipo === 'pdf' && !nome.endsWith('.pdf')) return 'Escolha um arquivo PDF (.pdf).';
  if (tipo === 'excel' && !nome.endsWith('.xlsx') && !nome.endsWith('.xls'))
    return 'Escolha uma planilha Excel (.xlsx ou .xls).';
  if (arquivo.size > TAMANHO_MAXIMO_MB * 1024 * 1024)
    return `O arquivo passa de ${TAMANHO_MAXIMO_MB} MB. Escolha um arquivo menor.`;
  return undefined;
}

/**
 * POST /api/laudos/:id/arquivos/pdf|excel (multipart, field `arquivo`) with XMLHttpRequest, the one
 * browser API that reports upload progress. `onProgress` gets 0–100.
 */
export function enviarArquivo(
  id: string,
  tipo: TipoArquivo,
  arquivo: File,
  onProgress: (percentual: number) => void,
): Promise<Laudo> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/laudos/${encodeURIComponent(id)}/arquivos/${tipo}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', ERRO_REDE));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          onProgress(100);
          resolve(parseLaudoResposta(data));
        } catch (error) {
          reject(error);
        }
        return;
      }
      reject(erroDaResposta(xhr.status, data));
    };
    const form = new FormData();
    form.append('arquivo', arquivo, arquivo.name);
    xhr.send(form);
  });
}

function erroDaResposta(status: number, data: unknown): ApiError {
  if (typeof data === 'object' && data !== null && 'error' in data) {
    const error = (data as { error: unknown }).error;
    if (typeof error === 'object' && error !== null) {
      const { code, message } = error as { code?: unknown; message?: unknown };
      if (typeof code === 'string' && typeof message === 'string') return new ApiError(status, code, message);
    }
  }
  if (status === 413)
    return new ApiError(status, 'ARQUIVO_GRANDE', 'O arquivo é grande demais para o limite do sistema.');
  return new ApiError(status, `HTTP_${status}`, ERRO_INESPERADO);
}

export type EstadoEnvio =
  | { fase: 'parado' }
  | { fase: 'enviando'; percentual: number }
  | { fase: 'erro'; mensagem: string }
  | { fase: 'concluido' };

/** One file's upload with its progress; refreshes the laudo queries when done. */
export function useEnvioArquivo(tipo: TipoArquivo) {
  const queryClient = useQueryClient();
  const [estado, setEstado] = useState<EstadoEnvio>({ fase: 'parado' });

  const enviar = useCallback(
    async (id: string, arquivo: File): Promise<Laudo | null> => {
      setEstado({ fase: 'enviando', percentual: 0 });
      try {
        const laudo = await enviarArquivo(id, tipo, arquivo, (percentual) =>
          setEstado({ fase: 'enviando', percentual }),
        );
        queryClient.setQueryData(laudoKey(laudo.id), laudo);
        void queryClient.invalidateQueries({ queryKey: laudosKey });
        setEstado({ fase: 'concluido' });
        return laudo;
      } catch (error) {
        setEstado({
          fase: 'erro',
          mensagem: error instanceof Error && error.message ? error.message : ERRO_INESPERADO,
        });
        return null;
      }
    },
    [queryClient, tipo],
  );

  const limpar = useCallback(() => setEstado({ fase: 'parado' }), []);
  return { estado, enviar, limpar };
}
