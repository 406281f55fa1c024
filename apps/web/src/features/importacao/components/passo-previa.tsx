import { CABECALHOS_DA_IMPORTACAO, type PreviaDaImportacao } from '@laudos/domain/api';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { CheckboxField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Pagination } from '../../../components/ui/pagination';
import { plural } from '../../../lib/format';
import { type ImportacaoApi, useExecutarImportacao } from '../api/importacao';
import { TituloDoPasso } from './titulo-do-passo';

const ERROS_POR_PAGINA = 50;

type ErroDaLinha = PreviaDaImportacao['erros'][number];

/** Rows with at least one error (a row can have several). */
export function linhasComErro(previa: PreviaDaImportacao): number {
  return new Set(previa.erros.map((erro) => erro.linha)).size;
}

/** The counts of a preview or of a finished import, as a list of terms. */
export function Contagens({ itens }: { itens: readonly [string, number][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {itens.map(([rotulo, valor]) => (
        <div key={rotulo} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm text-slate-600">{rotulo}</dt>
          <dd className="text-2xl font-semibold text-slate-900">{valor.toLocaleString('pt-BR')}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Step 3: what the server found in every row — the counts, each error with its spreadsheet row, the
 * plan's limit when the new laudos would pass it — and "Importar N laudos".
 */
export function PassoPrevia({
  importacao,
  previa,
  focar,
  onIniciada,
  onVoltar,
}: {
  importacao: ImportacaoApi;
  previa: PreviaDaImportacao;
  focar: boolean;
  onIniciada: (importacao: ImportacaoApi) => void;
  onVoltar: () => void;
}) {
  const [enviarEmails, setEnviarEmails] = useState(false);
  const [pagina, setPagina] = useState(1);
  const executar = useExecutarImportacao(importacao.id);
  const aImportar = previa.novos + previa.atualizar;
  const paginas = Math.max(1, Math.ceil(previa.erros.length / ERROS_POR_PAGINA));
  const erros = previa.erros.slice((pagina - 1) * ERROS_POR_PAGINA, pagina * ERROS_POR_PAGINA);

  return (
    <section className="space-y-5">
      <TituloDoPasso focar={focar}>Confira antes de importar</TituloDoPasso>
      <Contagens
        itens={[
          ['Válidas', previa.validas],
          ['Novas', previa.novos],
          ['A atualizar', previa.atualizar],
          ['A pular', previa.pular],
          ['Com erro', linhasComErro(previa)],
        ]}
      />

      {previa.limiteExcedido ? <FormAlert>{previa.limiteExcedido}</FormAlert> : null}

      {previa.erros.length > 0 ? (
        <div className="space-y-3">
          <h3 className="text-base font-semibold text-slate-900">
            {plural(previa.erros.length, 'erro', 'erros')} (as linhas com erro não serão importadas)
          </h3>
          <DataTable<ErroDaLinha>
            caption="Erros da planilha"
            columns={[
              {
                header: 'Linha',
                // On a phone the row is a card that shows no headings: the number says what it is.
                cell: (erro) => (
                  <>
                    <span className="md:hidden">Linha </span>
                    {erro.linha}
                  </>
                ),
                rowHeader: true,
                className: 'whitespace-nowrap',
              },
              {
                header: 'Campo',
                cell: (erro) => (erro.campo ? CABECALHOS_DA_IMPORTACAO[erro.campo] : '—'),
                className: 'whitespace-nowrap',
              },
              { header: 'Mensagem', cell: (erro) => erro.mensagem, className: '[overflow-wrap:anywhere]' },
            ]}
            rows={erros}
            rowKey={(erro) => `${erro.linha}-${erro.campo ?? ''}-${erro.mensagem}`}
          />
          <Pagination label="Páginas de erros" pagina={pagina} paginas={paginas} onChange={setPagina} />
        </div>
      ) : (
        <p className="text-slate-700">Nenhum erro encontrado.</p>
      )}

      {executar.isError ? <FormAlert>{executar.error.message}</FormAlert> : null}

      <CheckboxField
        label="Enviar o e-mail de Novo Laudo Criado aos clientes"
        hint="Um e-mail para cada laudo novo com e-mail do cliente. Desmarcado, ninguém é avisado."
        name="enviarEmails"
        checked={enviarEmails}
        onChange={(event) => setEnviarEmails(event.target.checked)}
      />

      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={aImportar === 0 || Boolean(previa.limiteExcedido) || executar.isPending}
          onClick={() =>
            executar.mutate({ existentes: importacao.existentes, enviarEmails }, { onSuccess: onIniciada })
          }
          className={buttonClass('primary')}
        >
          {executar.isPending
            ? 'Iniciando...'
            : `Importar ${aImportar.toLocaleString('pt-BR')} ${aImportar === 1 ? 'laudo' : 'laudos'}`}
        </button>
        <button type="button" onClick={onVoltar} className={buttonClass('secondary')}>
          Voltar às colunas
        </button>
      </div>
    </section>
  );
}
