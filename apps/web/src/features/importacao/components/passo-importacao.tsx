import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { enderecoDoRelatorio, type ImportacaoApi, useAoConcluir } from '../api/importacao';
import { Contagens } from './passo-previa';
import { TituloDoPasso } from './titulo-do-passo';

const FALHA_PADRAO =
  'A importação parou por um erro. Os lotes já gravados ficam; tente de novo ou fale com o suporte.';

/**
 * Step 4: the progress while the server's job imports (the page asks every second), then the
 * report: the counts, the per-row CSV and the way back to the list.
 */
export function PassoImportacao({
  importacao,
  focar,
  listaHref,
  onOutraPlanilha,
}: {
  importacao: ImportacaoApi;
  focar: boolean;
  listaHref: string;
  onOutraPlanilha: () => void;
}) {
  const aoConcluir = useAoConcluir();
  const terminou = importacao.status === 'concluida' || importacao.status === 'falhou';
  // The end is focused when it was watched arriving, not when a finished import is opened by a link.
  const acompanhou = useRef(importacao.status === 'importando');
  const focarFim = focar || acompanhou.current;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the import ends
  useEffect(() => {
    if (terminou) aoConcluir();
  }, [terminou]);

  const { processadas, total } = importacao.progresso;
  const resultado = importacao.resultado;
  return (
    <section className="space-y-5">
      {/* A new heading per phase, so the end is read out and focused like a step of its own. */}
      {importacao.status === 'importando' ? (
        <TituloDoPasso key="importando" focar={focar}>
          Importando laudos
        </TituloDoPasso>
      ) : importacao.status === 'falhou' ? (
        <TituloDoPasso key="falhou" focar={focarFim}>
          A importação não terminou
        </TituloDoPasso>
      ) : (
        <TituloDoPasso key="concluida" focar={focarFim}>
          Importação concluída
        </TituloDoPasso>
      )}

      <div className="space-y-1">
        <progress
          aria-label="Progresso da importação"
          max={Math.max(total, 1)}
          value={total === 0 && terminou ? 1 : processadas}
          className="h-3 w-full overflow-hidden rounded-full accent-brand-700"
        />
        <p className="text-sm text-slate-700">
          {processadas.toLocaleString('pt-BR')} de {total.toLocaleString('pt-BR')} linhas
          {importacao.status === 'importando' ? ' (pode sair desta página: a importação continua)' : null}
        </p>
      </div>

      {importacao.status === 'falhou' ? <FormAlert>{importacao.falha || FALHA_PADRAO}</FormAlert> : null}

      {terminou ? (
        <div role="status" className="space-y-5">
          {resultado ? (
            <Contagens
              itens={[
                ['Importados', resultado.importados],
                ['Atualizados', resultado.atualizados],
                ['Pulados', resultado.pulados],
                ['Com erro', resultado.erros],
              ]}
            />
          ) : null}
          <div className="flex flex-wrap gap-2">
            <a href={enderecoDoRelatorio(importacao.id)} download className={buttonClass('secondary')}>
              Baixar relatório (CSV)
            </a>
            <Link to={listaHref} className={buttonClass('primary')}>
              Ver a lista de laudos
            </Link>
            <button type="button" onClick={onOutraPlanilha} className={buttonClass('ghost')}>
              Importar outra planilha
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
