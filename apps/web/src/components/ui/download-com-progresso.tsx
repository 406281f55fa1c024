import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { baixarComProgresso, type ProgressoDoDownload, salvarArquivo } from '../../lib/download';
import { buttonClass } from './button';

type Estado =
  | { fase: 'parado' }
  | { fase: 'baixando'; progresso: ProgressoDoDownload }
  | { fase: 'concluido'; nome: string }
  | { fase: 'cancelado' }
  | { fase: 'erro'; mensagem: string };

const numero = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** Bytes as pt-BR megabytes ("12,3 MB"; under 0.1 MB, "0,1 MB" would lie: KB then). */
export function megabytes(bytes: number): string {
  if (bytes < 100 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${numero.format(bytes / (1024 * 1024))} MB`;
}

/** "12,3 MB de 45,6 MB (27%)", or only what came when the total is unknown. */
function textoDoProgresso({ recebidos, total }: ProgressoDoDownload): string {
  if (total === null) return `${megabytes(recebidos)} recebidos`;
  return `${megabytes(recebidos)} de ${megabytes(total)} (${Math.floor((recebidos / total) * 100)}%)`;
}

/**
 * A button that downloads `url` in the page, with a labelled progress bar (bytes and percent of the
 * declared length) and "Cancelar", then saves the file. The outcome (saved, cancelled, failed with
 * the server's message) is announced. Leaving the page cancels the download.
 */
export function DownloadComProgresso({ url, rotulo }: { url: string; rotulo: string }) {
  const [estado, setEstado] = useState<Estado>({ fase: 'parado' });
  const controle = useRef<AbortController | null>(null);
  useEffect(() => () => controle.current?.abort(), []);

  async function baixar() {
    const abort = new AbortController();
    controle.current = abort;
    setEstado({ fase: 'baixando', progresso: { recebidos: 0, total: null } });
    try {
      const { blob, nome } = await baixarComProgresso(url, {
        signal: abort.signal,
        onProgresso: (progresso) => setEstado({ fase: 'baixando', progresso }),
      });
      salvarArquivo(blob, nome);
      setEstado({ fase: 'concluido', nome });
    } catch (error) {
      if (abort.signal.aborted) setEstado({ fase: 'cancelado' });
      else
        setEstado({
          fase: 'erro',
          mensagem: error instanceof ApiError ? error.message : 'O download falhou. Tente novamente.',
        });
    } finally {
      if (controle.current === abort) controle.current = null;
    }
  }

  return (
    <div className="space-y-2">
      {estado.fase === 'baixando' ? (
        <div className="space-y-2 rounded-lg border border-slate-200 p-3">
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
            <span>Baixando {rotulo.toLowerCase()}…</span>
            <span className="tabular-nums">{textoDoProgresso(estado.progresso)}</span>
          </div>
          <progress
            aria-label={`Progresso: ${rotulo}`}
            aria-valuetext={textoDoProgresso(estado.progresso)}
            max={estado.progresso.total ?? undefined}
            value={estado.progresso.total === null ? undefined : estado.progresso.recebidos}
            className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
          />
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            onClick={() => controle.current?.abort()}
          >
            Cancelar
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={`${buttonClass('secondary')} w-full justify-center`}
          onClick={baixar}
        >
          {rotulo}
        </button>
      )}
      <p role="status" aria-live="polite" className="text-sm text-slate-700">
        {estado.fase === 'concluido' && `Download concluído: ${estado.nome} foi salvo.`}
        {estado.fase === 'cancelado' && 'Download cancelado.'}
      </p>
      {estado.fase === 'erro' && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {estado.mensagem}
        </p>
      )}
    </div>
  );
}
