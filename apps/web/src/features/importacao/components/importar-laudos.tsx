import type { StatusDaImportacao } from '@laudos/domain/api';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SkeletonList } from '../../../components/loading';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { type ImportacaoApi, useImportacao, useImportacoesRecentes } from '../api/importacao';
import { PassoColunas } from './passo-colunas';
import { PassoImportacao } from './passo-importacao';
import { PassoPlanilha } from './passo-planilha';
import { PassoPrevia } from './passo-previa';
import { Etapas } from './titulo-do-passo';

const ROTULO_DO_STATUS: Record<StatusDaImportacao, string> = {
  enviada: 'Enviada',
  validada: 'Verificada',
  importando: 'Importando',
  concluida: 'Concluída',
  falhou: 'Falhou',
};

/**
 * /laudos/importar (issue 22, decision 047): planilha → colunas → verificação → importação. The
 * import's id lives in the address (?id=), so a reload or a link from "Importações recentes" opens
 * it at its step, and an import running on the server is followed again.
 */
export function ImportarLaudos({ admin, listaHref }: { admin: boolean; listaHref: string }) {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const importacao = useImportacao(id);
  // The step inside an import not yet started: the columns, or the preview of the last check.
  const [naPrevia, setNaPrevia] = useState(false);
  // Focus moves to a step's heading only after the person moved there, not on the page's first load.
  const moveu = useRef(false);

  function abrir(proxima: ImportacaoApi | null, previa = false) {
    moveu.current = true;
    setNaPrevia(previa);
    setParams(proxima ? { id: proxima.id } : {}, { replace: !proxima });
  }

  if (!id) {
    return (
      <div className="space-y-8">
        <Etapas atual={0} />
        <PassoPlanilha admin={admin} focar={moveu.current} onEnviada={(nova) => abrir(nova)} />
        <ImportacoesRecentes />
      </div>
    );
  }
  if (importacao.isPending) return <SkeletonList rows={4} label="Carregando a importação..." />;
  // A failed poll while the import runs keeps the last progress on screen; the next poll retries.
  if (importacao.isError && !importacao.data)
    return (
      <div className="space-y-4">
        <ErrorNotice error={importacao.error} onRetry={() => void importacao.refetch()} />
        <button type="button" className="text-brand-700 underline" onClick={() => abrir(null)}>
          Começar outra importação
        </button>
      </div>
    );

  const atual = importacao.data;
  const focar = moveu.current;
  if (atual.status === 'importando' || atual.status === 'concluida' || atual.status === 'falhou') {
    return (
      <div className="space-y-8">
        <Etapas atual={3} />
        <PassoImportacao
          importacao={atual}
          focar={focar}
          listaHref={listaHref}
          onOutraPlanilha={() => abrir(null)}
        />
      </div>
    );
  }
  if (atual.previa && (naPrevia || (!moveu.current && atual.status === 'validada'))) {
    return (
      <div className="space-y-8">
        <Etapas atual={2} />
        <PassoPrevia
          importacao={atual}
          previa={atual.previa}
          focar={focar}
          onIniciada={() => {
            moveu.current = true;
          }}
          onVoltar={() => {
            moveu.current = true;
            setNaPrevia(false);
          }}
        />
      </div>
    );
  }
  return (
    <div className="space-y-8">
      <Etapas atual={1} />
      <PassoColunas
        key={atual.id}
        importacao={atual}
        focar={focar}
        onVerificada={() => {
          moveu.current = true;
          setNaPrevia(true);
        }}
        onOutraPlanilha={() => abrir(null)}
      />
    </div>
  );
}

/** The caller's last imports (the server scopes them), each opened at its step. */
function ImportacoesRecentes() {
  const recentes = useImportacoesRecentes();
  if (!recentes.data || recentes.data.length === 0) return null;
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">Importações recentes</h2>
      <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        {recentes.data.map((importacao) => (
          <li
            key={importacao.id}
            className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:justify-between"
          >
            <Link
              to={`${paths.importarLaudos}?${new URLSearchParams({ id: importacao.id })}`}
              className="font-medium text-brand-700 underline [overflow-wrap:anywhere]"
            >
              {importacao.nomeArquivo}
            </Link>
            <span className="text-slate-600">
              {[
                importacao.empresaNome,
                formatDateTime(importacao.criadoEm),
                ROTULO_DO_STATUS[importacao.status],
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
