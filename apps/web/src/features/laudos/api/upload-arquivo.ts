import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { uploadFile } from '../../../lib/upload';
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

/** POST /api/laudos/:id/arquivos/pdf|excel (multipart, field `arquivo`) with progress (0–100). */
export function enviarArquivo(
  id: string,
  tipo: TipoArquivo,
  arquivo: File,
  onProgress: (percentual: number) => void,
): Promise<Laudo> {
  return uploadFile({
    method: 'POST',
    url: `/api/laudos/${encodeURIComponent(id)}/arquivos/${tipo}`,
    file: arquivo,
    parse: parseLaudoResposta,
    onProgress,
    messages: {
      network: ERRO_REDE,
      tooLarge: 'O arquivo é grande demais para o limite do sistema.',
      unexpected: ERRO_INESPERADO,
    },
  });
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
