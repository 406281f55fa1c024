import { ApiError, errorFromBody } from './api';

export interface ProgressoDoDownload {
  recebidos: number;
  /** The response's Content-Length; null when the server did not say. */
  total: number | null;
}

const SEM_CONEXAO = 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';
const INTERROMPIDO = 'O download foi interrompido antes do fim. Tente novamente.';
const INESPERADO = 'Erro inesperado do servidor. Tente novamente em instantes.';

/**
 * Downloads a file with `fetch`, reporting the bytes received of the declared total as they arrive
 * (a plain link shows progress only in the browser's own download list), and checks that all of it
 * came. An abort through `signal` rejects with the AbortError; a server error is an ApiError with
 * its pt-BR message.
 */
export async function baixarComProgresso(
  url: string,
  options: { signal: AbortSignal; onProgresso: (progresso: ProgressoDoDownload) => void },
): Promise<{ blob: Blob; nome: string }> {
  const { signal, onProgresso } = options;
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin', signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', SEM_CONEXAO);
  }
  if (!res.ok) {
    const data: unknown = await res.json().catch(() => undefined);
    throw errorFromBody(res.status, data) ?? new ApiError(res.status, `HTTP_${res.status}`, INESPERADO);
  }
  const declarado = Number(res.headers.get('content-length'));
  const total = Number.isSafeInteger(declarado) && declarado > 0 ? declarado : null;
  const partes: Uint8Array<ArrayBuffer>[] = [];
  let recebidos = 0;
  onProgresso({ recebidos, total });
  if (res.body) {
    const leitor = res.body.getReader();
    // Stops the read at once (fetch also errors the body; a stream from elsewhere may not).
    signal.addEventListener('abort', () => void leitor.cancel().catch(() => {}), { once: true });
    try {
      for (;;) {
        const { done, value } = await leitor.read();
        if (done) break;
        partes.push(value as Uint8Array<ArrayBuffer>);
        recebidos += value.byteLength;
        onProgresso({ recebidos, total });
      }
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ApiError(0, 'DOWNLOAD_INTERROMPIDO', INTERROMPIDO);
    }
  }
  signal.throwIfAborted();
  if (total !== null && recebidos !== total) throw new ApiError(0, 'DOWNLOAD_INTERROMPIDO', INTERROMPIDO);
  const nome = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  return { blob: new Blob(partes, { type: res.headers.get('content-type') ?? '' }), nome };
}

/** Hands a downloaded file to the browser to save, under `nome`. */
export function salvarArquivo(blob: Blob, nome: string): void {
  const endereco = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = endereco;
  link.download = nome;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started saving by now; keep the bytes a minute for a slow disk.
  setTimeout(() => URL.revokeObjectURL(endereco), 60_000);
}
