import { formatDateBR } from '@laudos/domain';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { formatDateTime } from '../../../lib/format';
import type { Laudo } from '../api/laudo';
import { useVersoesDoLaudo, type VersaoDoLaudo } from '../api/versoes';

/**
 * The laudo page's "Histórico" (decision 030): the earlier versions, newest first, each with its
 * code, due date, files (download links) and who issued and renewed it. Hidden while there is none.
 */
export function HistoricoVersoes({ laudo, className = '' }: { laudo: Laudo; className?: string }) {
  const versoes = useVersoesDoLaudo(laudo.id);
  if (versoes.isError)
    return (
      <section
        aria-label="Histórico"
        className={`rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${className}`}
      >
        <ErrorNotice error={versoes.error} onRetry={() => void versoes.refetch()} />
      </section>
    );
  const lista = versoes.data?.versoes ?? [];
  if (lista.length === 0) return null;
  return (
    <section
      aria-labelledby="historico-titulo"
      className={`rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${className}`}
    >
      <h2 id="historico-titulo" className="text-lg font-semibold text-slate-900">
        Histórico
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Versão atual: {laudo.versao}. As versões anteriores ficam aqui com os arquivos delas.
      </p>
      <ol className="mt-4 divide-y divide-slate-200">
        {lista.map((v) => (
          <Versao key={v.numero} versao={v} />
        ))}
      </ol>
    </section>
  );
}

function Versao({ versao: v }: { versao: VersaoDoLaudo }) {
  const arquivos = [
    { rotulo: 'PDF', nome: v.arquivo_pdf, url: v.arquivo_pdf_url },
    { rotulo: 'Excel', nome: v.arquivo_excel, url: v.arquivo_excel_url },
  ].filter((a): a is { rotulo: string; nome: string; url: string } => Boolean(a.url && a.nome));
  return (
    <li className="py-3 text-sm first:pt-0 last:pb-0">
      <h3 className="font-semibold text-slate-900">
        Versão {v.numero} <span className="font-normal [overflow-wrap:anywhere]">· Código {v.codigo}</span>
      </h3>
      <p className="mt-1 text-slate-700">
        Vencimento: {v.data_vencimento ? formatDateBR(v.data_vencimento) : 'sem data'}
      </p>
      <p className="text-slate-700">
        Emitida em {formatDateTime(v.emitido_em)}
        {v.emitido_por ? ` por ${v.emitido_por.nome}` : ''} · renovada em {formatDateTime(v.renovado_em)}
        {v.renovado_por ? ` por ${v.renovado_por.nome}` : ''}
      </p>
      {arquivos.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {arquivos.map((a) => (
            <li key={a.rotulo} className="min-w-0">
              <a
                href={`${a.url}/download`}
                download={a.nome}
                className="font-medium text-brand-700 [overflow-wrap:anywhere] hover:underline"
                aria-label={`Baixar ${a.rotulo} da versão ${v.numero}: ${a.nome}`}
              >
                Baixar {a.rotulo} ({a.nome})
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-slate-600">Sem arquivos nesta versão.</p>
      )}
    </li>
  );
}
