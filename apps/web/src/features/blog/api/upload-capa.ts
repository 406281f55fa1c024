import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { uploadFile } from '../../../lib/upload';
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

/** PUT /api/admin/blog/posts/:id/capa (multipart, field `arquivo`) with progress (0–100). */
export function enviarCapa(
  id: string,
  arquivo: File,
  onProgress: (percentual: number) => void,
): Promise<Post> {
  return uploadFile({
    method: 'PUT',
    url: `/api${postPath(id)}/capa`,
    file: arquivo,
    parse: parsePost,
    onProgress,
    messages: {
      network: ERRO_REDE,
      tooLarge: `A imagem passa do limite de ${CAPA_TAMANHO_MAXIMO_MB} MB. Escolha uma imagem menor.`,
      unexpected: ERRO_INESPERADO,
    },
  });
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
