import { ACOES_AUDITADAS, ENTIDADES_AUDITADAS } from '@laudos/domain/api';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmpresaCombobox, type EmpresaEscolhida } from '../../../components/empresa-combobox';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SelectField, TextField } from '../../../components/ui/field';
import { formatDateTime } from '../../../lib/format';
import {
  type EntradaDeAuditoria,
  enderecoDoCsv,
  type FiltroDeAuditoria,
  useEntradaDeAuditoria,
  useRegistroDeAuditoria,
} from '../api/auditoria';
import { CamposAlterados } from './campos-alterados';
import { ROTULO_DA_ACAO, ROTULO_DA_ENTIDADE, ROTULO_DO_ATOR, rotulo } from './rotulos';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIA = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as the address carries them; what is not a valid value is left out. */
function filtrosDaUrl(params: URLSearchParams): FiltroDeAuditoria {
  const valor = (k: string) => params.get(k)?.trim() || undefined;
  const entidade = valor('entidade');
  const acao = valor('acao');
  const empresa = valor('empresa');
  const de = valor('de');
  const ate = valor('ate');
  return {
    ator: valor('ator'),
    empresa: empresa && UUID.test(empresa) ? empresa : undefined,
    entidade: (ENTIDADES_AUDITADAS as readonly string[]).includes(entidade ?? '')
      ? (entidade as FiltroDeAuditoria['entidade'])
      : undefined,
    acao: (ACOES_AUDITADAS as readonly string[]).includes(acao ?? '')
      ? (acao as FiltroDeAuditoria['acao'])
      : undefined,
    de: de && DIA.test(de) ? de : undefined,
    ate: ate && DIA.test(ate) ? ate : undefined,
  };
}

/** A filtered view as an address to share: the filters, and the company's name for the picker. */
function urlDosFiltros(f: FiltroDeAuditoria, empresaNome: string | null): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) q.set(k, String(v));
  if (f.empresa && empresaNome) q.set('empresaNome', empresaNome);
  return q;
}

/**
 * /admin/auditoria (issue 22): the filters (actor, company by name, entity, action, period) kept in
 * the address so a filtered view can be shared, the entries newest first with "Carregar mais",
 * each entry's detail, and "Exportar CSV" with the same filters.
 */
export function RegistroDeAuditoria() {
  const [params, setParams] = useSearchParams();
  const filtros = filtrosDaUrl(params);
  const [selecionada, setSelecionada] = useState<string | null>(null);
  const registro = useRegistroDeAuditoria(filtros);
  const entradas = registro.data?.pages.flatMap((p) => p.entradas) ?? [];
  const empresaNome = filtros.empresa
    ? (params.get('empresaNome') ??
      entradas.find((e) => e.empresaId === filtros.empresa)?.empresaNome ??
      'Empresa selecionada')
    : null;
  const filtrar = (f: FiltroDeAuditoria, nome: string | null) => {
    setParams(urlDosFiltros(f, nome));
    setSelecionada(null);
  };

  return (
    <div className="space-y-6">
      <Filtros atuais={filtros} empresaNome={empresaNome} onFiltrar={filtrar} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {registro.isPending ? 'Carregando…' : `${entradas.length} entrada(s) exibida(s)`}
        </p>
        <a href={enderecoDoCsv(filtros)} download className={buttonClass('secondary')}>
          Exportar CSV
        </a>
      </div>
      {registro.isError ? (
        <ErrorNotice error={registro.error} onRetry={() => void registro.refetch()} />
      ) : !registro.isPending && entradas.length === 0 ? (
        <p className="rounded-xl bg-white p-5 text-sm text-slate-700 ring-1 ring-slate-200">
          Nenhuma entrada encontrada com esses filtros.
        </p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          {entradas.map((e) => (
            <Linha key={e.id} entrada={e} onDetalhe={() => setSelecionada(e.id)} />
          ))}
        </ol>
      )}
      {registro.hasNextPage ? (
        <div className="flex justify-center">
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={registro.isFetchingNextPage}
            onClick={() => void registro.fetchNextPage()}
          >
            {registro.isFetchingNextPage ? 'Carregando…' : 'Carregar mais'}
          </button>
        </div>
      ) : null}
      <Detalhe
        id={selecionada}
        onClose={() => setSelecionada(null)}
        onFiltrarEmpresa={(empresa, nome) => filtrar({ ...filtros, empresa }, nome)}
      />
    </div>
  );
}

function Linha({ entrada: e, onDetalhe }: { entrada: EntradaDeAuditoria; onDetalhe: () => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-4 text-sm">
      <div className="min-w-0 flex-1">
        <p className="text-slate-900">
          <span className="font-semibold">{rotulo(ROTULO_DA_ACAO, e.acao)}</span>
          {' · '}
          {rotulo(ROTULO_DA_ENTIDADE, e.entidade)}
          {e.empresaNome ? <span className="text-slate-700"> · {e.empresaNome}</span> : null}
        </p>
        <p className="text-slate-700 [overflow-wrap:anywhere]">
          {e.atorNome ?? rotulo(ROTULO_DO_ATOR, e.atorTipo)}
          {e.atorPapel ? ` (${e.atorPapel})` : ''} · {formatDateTime(e.criadoEm)}
        </p>
      </div>
      <button type="button" className={buttonClass('ghost', 'sm')} onClick={onDetalhe}>
        Detalhes<span className="sr-only"> da entrada de {formatDateTime(e.criadoEm)}</span>
      </button>
    </li>
  );
}

function Filtros({
  atuais,
  empresaNome,
  onFiltrar,
}: {
  atuais: FiltroDeAuditoria;
  empresaNome: string | null;
  onFiltrar: (f: FiltroDeAuditoria, empresaNome: string | null) => void;
}) {
  const [erro, setErro] = useState<string | undefined>();
  const [empresa, setEmpresa] = useState<EmpresaEscolhida | null>(
    atuais.empresa ? { id: atuais.empresa, nome: empresaNome ?? 'Empresa selecionada' } : null,
  );
  function enviar(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const dados = new FormData(ev.currentTarget);
    const texto = (k: string) => String(dados.get(k) ?? '').trim() || undefined;
    const f: FiltroDeAuditoria = {
      ator: texto('ator'),
      empresa: empresa?.id,
      entidade: texto('entidade') as FiltroDeAuditoria['entidade'],
      acao: texto('acao') as FiltroDeAuditoria['acao'],
      de: texto('de'),
      ate: texto('ate'),
    };
    if (f.de && f.ate && f.de > f.ate) {
      setErro('O início do período deve ser anterior ou igual ao fim.');
      return;
    }
    setErro(undefined);
    onFiltrar(f, empresa?.nome ?? null);
  }
  return (
    <form
      key={`${JSON.stringify(atuais)}|${empresaNome ?? ''}`}
      onSubmit={enviar}
      aria-label="Filtros do registro de auditoria"
      className="grid grid-cols-1 gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3"
    >
      <TextField label="Ator" name="ator" defaultValue={atuais.ator ?? ''} hint="Nome ou identificador" />
      <EmpresaCombobox
        label="Empresa"
        name="empresa"
        optional
        selecionada={empresa}
        onSelecionar={setEmpresa}
      />
      <SelectField label="Entidade" name="entidade" defaultValue={atuais.entidade ?? ''}>
        <option value="">Todas</option>
        {ENTIDADES_AUDITADAS.map((e) => (
          <option key={e} value={e}>
            {rotulo(ROTULO_DA_ENTIDADE, e)}
          </option>
        ))}
      </SelectField>
      <SelectField label="Ação" name="acao" defaultValue={atuais.acao ?? ''}>
        <option value="">Todas</option>
        {ACOES_AUDITADAS.map((a) => (
          <option key={a} value={a}>
            {rotulo(ROTULO_DA_ACAO, a)}
          </option>
        ))}
      </SelectField>
      <TextField label="De" name="de" type="date" defaultValue={atuais.de ?? ''} />
      <TextField label="Até" name="ate" type="date" defaultValue={atuais.ate ?? ''} error={erro} />
      <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-3">
        <button type="submit" className={buttonClass()}>
          Filtrar
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={() => onFiltrar({}, null)}>
          Limpar filtros
        </button>
      </div>
    </form>
  );
}

function Detalhe({
  id,
  onClose,
  onFiltrarEmpresa,
}: {
  id: string | null;
  onClose: () => void;
  onFiltrarEmpresa: (empresaId: string, empresaNome: string | null) => void;
}) {
  const entrada = useEntradaDeAuditoria(id);
  const e = entrada.data?.entrada;
  return (
    <Dialog open={Boolean(id)} onClose={onClose} title="Entrada do registro de auditoria" size="lg">
      {entrada.isError ? (
        <ErrorNotice error={entrada.error} onRetry={() => void entrada.refetch()} />
      ) : !e ? (
        <p className="text-sm text-slate-600">Carregando…</p>
      ) : (
        <div className="space-y-3 text-sm">
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <Item termo="Quando" valor={formatDateTime(e.criadoEm)} />
            <Item
              termo="Ação"
              valor={`${rotulo(ROTULO_DA_ACAO, e.acao)} · ${rotulo(ROTULO_DA_ENTIDADE, e.entidade)}`}
            />
            <Item
              termo="Ator"
              valor={`${e.atorNome ?? '—'} (${rotulo(ROTULO_DO_ATOR, e.atorTipo)}${e.atorPapel ? `, ${e.atorPapel}` : ''})`}
            />
            <Item termo="Empresa" valor={e.empresaNome ?? e.empresaId ?? '—'} />
            <Item termo="Identificador" valor={e.entidadeId ?? '—'} />
            <Item termo="IP" valor={e.ip ?? '—'} />
            <Item termo="Navegador" valor={e.userAgent ?? '—'} />
          </dl>
          {e.campos ? (
            <div>
              <h3 className="font-semibold text-slate-900">Campos alterados</h3>
              <CamposAlterados campos={e.campos} />
            </div>
          ) : null}
          {e.detalhes ? (
            <div>
              <h3 className="font-semibold text-slate-900">Detalhes</h3>
              <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 text-xs">
                {JSON.stringify(e.detalhes, null, 2)}
              </pre>
            </div>
          ) : null}
          {e.empresaId ? (
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              onClick={() => onFiltrarEmpresa(e.empresaId!, e.empresaNome)}
            >
              Filtrar por esta empresa
            </button>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}

function Item({ termo, valor }: { termo: string; valor: string }) {
  return (
    <>
      <dt className="font-medium text-slate-900">{termo}</dt>
      <dd className="text-slate-700 [overflow-wrap:anywhere]">{valor}</dd>
    </>
  );
}
