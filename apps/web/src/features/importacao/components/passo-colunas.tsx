import {
  CABECALHOS_DA_IMPORTACAO,
  CAMPOS_DA_IMPORTACAO,
  CAMPOS_OBRIGATORIOS_DA_IMPORTACAO,
  type CampoDaImportacao,
  type Existentes,
  type MapeamentoDaImportacao,
} from '@laudos/domain/api';
import { type FormEvent, useState } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { plural } from '../../../lib/format';
import { type ImportacaoApi, useVerificarPlanilha } from '../api/importacao';
import { TituloDoPasso } from './titulo-do-passo';

/** The fields this import maps: `empresa` only when an admin imports "pela coluna Empresa". */
export function camposDaImportacao(importacao: ImportacaoApi): CampoDaImportacao[] {
  return CAMPOS_DA_IMPORTACAO.filter((campo) => campo !== 'empresa' || importacao.empresaId === null);
}

function obrigatorio(campo: CampoDaImportacao): boolean {
  return campo === 'empresa' || CAMPOS_OBRIGATORIOS_DA_IMPORTACAO.includes(campo);
}

const DICAS: Partial<Record<CampoDaImportacao, string>> = {
  tipo: 'Um dos tipos de laudo cadastrados (NR-13, NR-12...).',
  dataVencimento: 'dd/mm/aaaa ou AAAA-MM-DD.',
  empresa: 'O nome ou o CNPJ de uma empresa cadastrada.',
};

/**
 * Step 2: which of the file's headings feeds each field (pre-filled with the server's suggestion:
 * the mapping remembered for the company, else by the headings' names), the first rows, and what to
 * do with códigos that already exist. "Verificar planilha" validates every row on the server.
 */
export function PassoColunas({
  importacao,
  focar,
  onVerificada,
  onOutraPlanilha,
}: {
  importacao: ImportacaoApi;
  focar: boolean;
  onVerificada: (importacao: ImportacaoApi) => void;
  onOutraPlanilha: () => void;
}) {
  const campos = camposDaImportacao(importacao);
  const [mapeamento, setMapeamento] = useState<MapeamentoDaImportacao>(() => {
    // Only the suggestions that name one of this file's headings.
    const inicial: MapeamentoDaImportacao = {};
    for (const campo of campos) {
      const coluna = importacao.mapeamento[campo];
      if (coluna && importacao.colunas.includes(coluna)) inicial[campo] = coluna;
    }
    return inicial;
  });
  const [existentes, setExistentes] = useState<Existentes>(importacao.existentes);
  const [faltando, setFaltando] = useState<CampoDaImportacao[]>([]);
  const verificar = useVerificarPlanilha(importacao.id);
  // A heading is chosen by its text: a repeated one is offered once, an empty one not at all.
  const opcoes = [...new Set(importacao.colunas.filter((coluna) => coluna.trim() !== ''))];

  function escolher(campo: CampoDaImportacao, coluna: string) {
    setMapeamento((atual) => {
      const novo = { ...atual };
      if (coluna) novo[campo] = coluna;
      else delete novo[campo];
      return novo;
    });
    setFaltando((atual) => atual.filter((c) => c !== campo));
  }

  function enviar(event: FormEvent) {
    event.preventDefault();
    const semColuna = campos.filter((campo) => obrigatorio(campo) && !mapeamento[campo]);
    setFaltando(semColuna);
    if (semColuna.length > 0) return;
    verificar.mutate({ mapeamento, existentes }, { onSuccess: onVerificada });
  }

  return (
    <section className="space-y-5">
      <TituloDoPasso focar={focar}>Associe as colunas</TituloDoPasso>
      <p className="text-slate-700 [overflow-wrap:anywhere]">
        <strong>{importacao.nomeArquivo}</strong>: {plural(importacao.total, 'linha', 'linhas')} de laudos
        {importacao.empresaNome ? (
          <>
            {' '}
            para <strong>{importacao.empresaNome}</strong>
          </>
        ) : importacao.empresaId === null ? (
          ', cada uma para a empresa da sua coluna Empresa'
        ) : null}
        . Para cada campo, escolha a coluna da planilha que o traz. Os campos sem “(opcional)” são
        obrigatórios.
      </p>

      <form noValidate onSubmit={enviar} className="space-y-6">
        {faltando.length > 0 ? (
          <FormAlert>
            Escolha a coluna de {faltando.map((campo) => CABECALHOS_DA_IMPORTACAO[campo]).join(', ')}: são
            obrigatórios.
          </FormAlert>
        ) : verificar.isError ? (
          <FormAlert>{verificar.error.message}</FormAlert>
        ) : null}

        <div className="grid gap-4 sm:grid-cols-2">
          {campos.map((campo) => (
            <SelectField
              key={campo}
              label={CABECALHOS_DA_IMPORTACAO[campo]}
              name={`coluna-${campo}`}
              optional={!obrigatorio(campo)}
              hint={DICAS[campo]}
              error={faltando.includes(campo) ? 'Escolha a coluna deste campo.' : undefined}
              value={mapeamento[campo] ?? ''}
              onChange={(event) => escolher(campo, event.target.value)}
            >
              <option value="">{obrigatorio(campo) ? 'Escolha a coluna' : 'Não importar'}</option>
              {opcoes.map((coluna) => (
                <option key={coluna} value={coluna}>
                  {coluna}
                </option>
              ))}
            </SelectField>
          ))}
        </div>

        <Amostra importacao={importacao} />

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-900">Códigos que já existem</legend>
          <label className="flex items-start gap-3 text-sm text-slate-900">
            <input
              type="radio"
              name="existentes"
              value="pular"
              checked={existentes === 'pular'}
              onChange={() => setExistentes('pular')}
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
            />
            <span>
              Pular
              <span className="block text-slate-600">O laudo cadastrado fica como está.</span>
            </span>
          </label>
          <label className="flex items-start gap-3 text-sm text-slate-900">
            <input
              type="radio"
              name="existentes"
              value="atualizar"
              checked={existentes === 'atualizar'}
              onChange={() => setExistentes('atualizar')}
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
            />
            <span>
              Atualizar
              <span className="block text-slate-600">
                Os campos do laudo cadastrado passam a ter os valores da planilha.
              </span>
            </span>
          </label>
        </fieldset>

        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={verificar.isPending} className={buttonClass('primary')}>
            {verificar.isPending ? 'Verificando...' : 'Verificar planilha'}
          </button>
          <button type="button" onClick={onOutraPlanilha} className={buttonClass('secondary')}>
            Escolher outra planilha
          </button>
        </div>
      </form>
    </section>
  );
}

/** The file's first rows as they arrived, numbered as in the spreadsheet (the header is row 1). */
function Amostra({ importacao }: { importacao: ImportacaoApi }) {
  if (importacao.amostra.length === 0) return null;
  // Two headings may read the same: each column is told apart by its position.
  const colunas = importacao.colunas.map((nome, posicao) => ({ nome, posicao, chave: `${posicao}:${nome}` }));
  const linhas = importacao.amostra.map((celulas, posicao) => ({ celulas, numero: posicao + 2 }));
  return (
    <div className="space-y-2">
      <h3 id="amostra-titulo" className="text-base font-semibold text-slate-900">
        Primeiras linhas da planilha
      </h3>
      {/* A wide file scrolls inside its box, never the page; the box takes the keyboard's arrows. */}
      <section
        aria-labelledby="amostra-titulo"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-900">
                Linha
              </th>
              {colunas.map((coluna) => (
                <th
                  key={coluna.chave}
                  scope="col"
                  className="px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-900"
                >
                  {coluna.nome}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {linhas.map((linha) => (
              <tr key={linha.numero}>
                <td className="px-3 py-2 text-slate-600">{linha.numero}</td>
                {colunas.map((coluna) => (
                  <td
                    key={coluna.chave}
                    className="max-w-64 truncate px-3 py-2 text-slate-900"
                    title={linha.celulas[coluna.posicao] ?? ''}
                  >
                    {linha.celulas[coluna.posicao] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
