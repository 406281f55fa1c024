import type { EstadoEnvio } from '../api/upload-arquivo';

/** A file's upload: a labelled progress bar while sending, the server's message if it fails. */
export function ArquivoProgresso({ rotulo, estado }: { rotulo: string; estado: EstadoEnvio }) {
  if (estado.fase === 'parado') return null;
  if (estado.fase === 'erro') {
    return (
      <p role="alert" className="mt-2 text-sm font-medium text-red-700">
        {rotulo}: {estado.mensagem}
      </p>
    );
  }
  const percentual = estado.fase === 'concluido' ? 100 : estado.percentual;
  return (
    <div className="mt-2">
      <div className="flex justify-between text-sm text-slate-700">
        <span>{estado.fase === 'concluido' ? `${rotulo}: enviado` : `Enviando ${rotulo}...`}</span>
        <span aria-hidden="true">{percentual}%</span>
      </div>
      <progress
        aria-label={`Envio do ${rotulo}`}
        max={100}
        value={percentual}
        className="mt-1 h-2 w-full overflow-hidden rounded-full accent-brand-700"
      />
    </div>
  );
}
