import { formatDateBR } from '@laudos/domain';
import { NOMES_DOS_TIPOS } from '@laudos/domain/api';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmpresaCombobox, type EmpresaEscolhida } from '../../../components/empresa-combobox';
import { buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { paths } from '../../../lib/paths';
import {
  type EnvioDeEquipamentos,
  type ErroDaLinhaDeEquipamento,
  enderecoDoModeloDeEquipamentos,
  PlanilhaComErros,
  type PreviaDeEquipamentos,
  useImportarEquipamentos,
  usePreviaDeEquipamentos,
} from '../api/importacao';

const ACEITA = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ACOES = { criar: 'Será cadastrado', atualizar: 'Será atualizado', pular: 'Já existe: fica como está' };

function erroDoArquivo(arquivo: File | null): string | undefined {
  if (!arquivo) return 'Escolha a planilha (CSV ou XLSX).';
  const nome = arquivo.name.toLowerCase();
  if (!nome.endsWith('.csv') && !nome.endsWith('.xlsx'))
    return 'Escolha uma planilha CSV (.csv) ou Excel (.xlsx).';
  if (arquivo.size === 0) return 'O arquivo está vazio.';
  return undefined;
}

/**
 * /equipamentos/importar (issue 23): the template, the file (an admin's company), what to do with
 * TAGs already registered, the preview (errors first, then each valid row with its category and
 * next dates), the import (all or nothing) and its result. A new file or choice clears the preview.
 */
export function ImportarEquipamentos({ admin }: { admin: boolean }) {
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [empresa, setEmpresa] = useState<EmpresaEscolhida | null>(null);
  const [modo, setModo] = useState<'pular' | 'atualizar'>('pular');
  const [erros, setErros] = useState<{ arquivo?: string; empresa?: string }>({});
  const previa = usePreviaDeEquipamentos();
  const importacao = useImportarEquipamentos();
  const formRef = useRef<HTMLFormElement>(null);
  const resultadoRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (erros.arquivo || erros.empresa)
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [erros]);
  useEffect(() => {
    if (previa.data || importacao.data) resultadoRef.current?.focus();
  }, [previa.data, importacao.data]);

  function recomecar() {
    previa.reset();
    importacao.reset();
  }

  function envio(): EnvioDeEquipamentos | null {
    const novos = {
      arquivo: erroDoArquivo(arquivo),
      empresa: admin && !empresa ? 'Escolha a empresa dos equipamentos.' : undefined,
    };
    setErros(novos);
    if (novos.arquivo || novos.empresa || !arquivo) return null;
    return { arquivo, empresaId: admin ? (empresa?.id ?? null) : null, modo };
  }

  function conferir(event: FormEvent) {
    event.preventDefault();
    const e = envio();
    if (!e) return;
    importacao.reset();
    previa.mutate(e);
  }

  function importar() {
    const e = envio();
    if (e) importacao.mutate(e);
  }

  if (importacao.data) {
    const r = importacao.data;
    return (
      <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 ref={resultadoRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
          Importação concluída
        </h2>
        <ul className="space-y-1 text-slate-800">
          <li>
            {r.criados} {r.criados === 1 ? 'equipamento cadastrado' : 'equipamentos cadastrados'}
          </li>
          <li>{r.atualizados} atualizados</li>
          <li>{r.pulados} já existentes, mantidos como estavam</li>
        </ul>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.equipamentos} className={buttonClass('primary')}>
            Ver a lista de equipamentos
          </Link>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => {
              recomecar();
              setArquivo(null);
            }}
          >
            Importar outra planilha
          </button>
        </div>
      </section>
    );
  }

  const recusa = importacao.error instanceof PlanilhaComErros ? importacao.error : null;
  const vista = previa.data;
  const listaDeErros = recusa?.erros ?? vista?.erros ?? [];

  return (
    <div className="space-y-6">
      <section className="space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <div className="space-y-2 text-slate-700">
          <p>
            Uma planilha CSV ou Excel (.xlsx) com um equipamento por linha e os títulos das colunas do modelo
            na primeira linha. TAG e tipo são obrigatórios; datas em dd/mm/aaaa, pressões em kPa, volume em
            m³. “Protege (TAG)” liga um dispositivo de segurança ao equipamento que protege; “Conecta (TAGs)”
            liga uma tubulação aos vasos e caldeiras, separados por vírgula. Até 2.000 linhas.
          </p>
          <div className="flex flex-wrap gap-2 pt-1">
            <a
              href={enderecoDoModeloDeEquipamentos('csv')}
              download
              className={buttonClass('secondary', 'sm')}
            >
              Baixar modelo (CSV)
            </a>
            <a
              href={enderecoDoModeloDeEquipamentos('xlsx')}
              download
              className={buttonClass('secondary', 'sm')}
            >
              Baixar modelo (XLSX)
            </a>
          </div>
        </div>
        <form ref={formRef} noValidate onSubmit={conferir} className="space-y-5">
          {previa.isError ? <FormAlert>{previa.error.message}</FormAlert> : null}
          {admin ? (
            <EmpresaCombobox
              selecionada={empresa}
              onSelecionar={(escolhida) => {
                setEmpresa(escolhida);
                setErros((atual) => ({ ...atual, empresa: undefined }));
                recomecar();
              }}
              error={erros.empresa}
            />
          ) : null}
          <TextField
            label="Planilha (CSV ou XLSX)"
            type="file"
            name="arquivo"
            accept={ACEITA}
            error={erros.arquivo}
            onChange={(event) => {
              setArquivo(event.target.files?.[0] ?? null);
              setErros((atual) => ({ ...atual, arquivo: undefined }));
              recomecar();
            }}
          />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-900">TAGs já cadastradas nesta empresa</legend>
            {(
              [
                ['pular', 'Pular', 'O equipamento já cadastrado fica como está.'],
                ['atualizar', 'Atualizar', 'As colunas da planilha substituem os dados do cadastro.'],
              ] as const
            ).map(([valor, rotulo, ajuda]) => (
              <label key={valor} className="flex items-start gap-3 text-sm text-slate-900">
                <input
                  type="radio"
                  name="modo"
                  value={valor}
                  checked={modo === valor}
                  onChange={() => {
                    setModo(valor);
                    recomecar();
                  }}
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                />
                <span>
                  {rotulo}
                  <span className="block text-slate-600">{ajuda}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" disabled={previa.isPending} className={buttonClass('primary')}>
            {previa.isPending ? 'Conferindo a planilha...' : 'Conferir planilha'}
          </button>
        </form>
      </section>

      {vista || recusa ? (
        <section className="space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 ref={resultadoRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
            Prévia da importação
          </h2>
          {vista ? <Resumo previa={vista} /> : null}
          {listaDeErros.length > 0 ? <Erros erros={listaDeErros} mensagem={recusa?.message} /> : null}
          {importacao.isError && !recusa ? <FormAlert>{importacao.error.message}</FormAlert> : null}
          {vista && vista.erros.length === 0 && vista.criar + vista.atualizar > 0 ? (
            <button
              type="button"
              disabled={importacao.isPending}
              onClick={importar}
              className={buttonClass('primary')}
            >
              {importacao.isPending
                ? 'Importando...'
                : `Importar ${vista.criar + vista.atualizar} ${vista.criar + vista.atualizar === 1 ? 'equipamento' : 'equipamentos'}`}
            </button>
          ) : null}
          {vista && vista.linhas.length > 0 ? <Validas previa={vista} /> : null}
        </section>
      ) : null}
    </div>
  );
}

function Resumo({ previa }: { previa: PreviaDeEquipamentos }) {
  return (
    <p className="text-slate-800">
      {previa.total} {previa.total === 1 ? 'linha' : 'linhas'}: {previa.criar} a cadastrar, {previa.atualizar}{' '}
      a atualizar, {previa.pular} já existentes a pular,{' '}
      {previa.erros.length === 0 ? (
        'nenhum erro.'
      ) : (
        <strong className="text-red-800">
          {previa.erros.length} {previa.erros.length === 1 ? 'erro' : 'erros'}: corrija a planilha e confira
          de novo. Nada é importado enquanto houver erro.
        </strong>
      )}
    </p>
  );
}

function Erros({ erros, mensagem }: { erros: ErroDaLinhaDeEquipamento[]; mensagem?: string | undefined }) {
  return (
    <div className="space-y-2">
      <h3 className="text-lg font-semibold text-red-800">Erros</h3>
      {mensagem ? <FormAlert>{mensagem}</FormAlert> : null}
      <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-red-200">
        {erros.map((e) => (
          <li key={`${e.linha}-${e.campo}-${e.mensagem}`} className="p-3 text-sm break-words text-slate-800">
            <strong>Linha {e.linha}</strong>
            {e.campo ? <> · {e.campo}</> : null}: {e.mensagem}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Validas({ previa }: { previa: PreviaDeEquipamentos }) {
  return (
    <div className="space-y-2">
      <h3 className="text-lg font-semibold text-slate-900">Linhas válidas</h3>
      <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
        {previa.linhas.map((l) => (
          <li key={l.linha} className="space-y-1 p-3 text-sm break-words text-slate-800">
            <p>
              <strong>{l.tag}</strong> · {NOMES_DOS_TIPOS[l.tipo]} · linha {l.linha} · {ACOES[l.acao]}
            </p>
            <p>{l.categoria ? `Categoria ${l.categoria}` : l.classificacao}</p>
            {l.exames.length > 0 ? (
              <ul className="space-y-0.5 text-slate-700">
                {l.exames.map((x) => (
                  <li key={x.exame}>
                    {x.nome}: {x.data ? formatDateBR(x.data) : 'sem data'}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
