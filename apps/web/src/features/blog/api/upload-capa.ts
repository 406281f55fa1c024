import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { isRecord } from '../../../lib/parse';
import { type Post, parsePost, postKey, postPath, postsKey } from './post';

/** The client-side check only: the server has the last word (400/413). */
export const CAPA_TAMANHO_MAXIMO_MB = 5;
export const CAPA_TIPOS = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const CAPA_ACEITA = CAPA_TIPOS.join(',');

const ERRO_REDE = 'Não foi possível enviar a imagem. Verifique sua conexão e tente novamente.';
const ERRO_INESPERADO = 'Erro inesperado ao enviar a imagem. Tente novamente em instantes.';

/** A quick check before sending, so a wrong file is refused at once. */
export function erroDaCapa(arquivo: File): string | undefined {
  if (!(CAPA_TIPOS as readonly string[]).includes(arquivo.type))
    return 'Escolha uma imagem PNG, JPEG ou WebP.';
  if (arquivo.size > CAPA_TAMANHO_MAXIMO_MB * 1024 * 1024)
    return `A imagem passa de ${CAPA_TAMANHO_MAXIMO_MB} MB. Escolha uma imagem menor.`;
  return undefined;
}

/**
 * PUT /api/admin/blog/posts/:id/capa (multipart, field `arquivo`) with XMLHttpRequest, the one
 * browser API that reports upload progress. `onProgress` gets 0–100.
 */
export function enviarCapa(
  id: string,
  arquivo: File,
  onProgress: (percentual: number) => void,
): Promise<Post> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `/api${postPath(id)}/capa`);
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
          resolve(parsePost(data));
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
  if (isRecord(data) && isRecord(data.error)) {
    const { code, message } = data.error;
    if (typeof code === 'string' && typeof message === 'string') return new ApiError(status, code, message);
  }
  // A proxy in front of the server may refuse a large body with its own page.
  if (status === 413)
    return new ApiError(
      status,
      'ARQUIVO_GRANDE',
      `A imagem passa do limite de ${CAPA_TAMANHO_MAXIMO_MB} MB. Escolha uma imagem menor.`,
    );
  return new ApiError(status, `HTTP_${status}`, ERRO_INESPERADO);
}

export type EstadoEnvioCapa =
  | { fase: 'parado' }
  | { fase: 'enviando'; percentual: number }
  | { fase: 'erro'; mensagem: string };

/** The cover's upload with its progress; the post and the lists are refreshed when it is done. */
export function useEnvioCapa() {
  const queryClient = useQueryClient();
  const [estado, setEstado] = useState<EstadoEnvioCapa>({ fase: 'parado' });

  const enviar = useCallback(
    async (id: string, arquivo: File): Promise<Post | null> => {
      setEstado({ fase: 'enviando', percentual: 0 });
      try {
        const post = await enviarCapa(id, arquivo, (percentual) =>
          setEstado({ fase: 'enviando', percentual }),
        );
        queryClient.setQueryData(postKey(post.id), post);
        void queryClient.invalidateQueries({ queryKey: postsKey });
        setEstado({ fase: 'parado' });
        return post;
      } catch (error) {
        setEstado({
          fase: 'erro',
          mensagem: error instanceof Error && error.message ? error.message : ERRO_INESPERADO,
        });
        return null;
      }
    },
    [queryClient],
  );

  const falhar = useCallback((mensagem: string) => setEstado({ fase: 'erro', mensagem }), []);
  const limpar = useCallback(() => setEstado({ fase: 'parado' }), []);
  return { estado, enviar, falhar, limpar };
}
