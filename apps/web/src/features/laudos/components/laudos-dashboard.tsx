import { DIAS_ALERTA_VENCIMENTO } from '@laudos/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Bone, Skeleton, SkeletonList, useRevealDelay } from '../../../components/loading';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { paths } from '../../../lib/paths';
import { type EstatisticasLaudos, useEstatisticasLaudos } from '../api/estatisticas';
import { useLaudos } from '../api/list-laudos';
import { LaudoLista } from './laudo-lista';
import { RelatorioSituacao } from './relatorio-situacao';

/**
 * /dashboard: counts, a chart of the statuses, the next expiries and the latest laudos. `aviso` is
 * a card the page puts under the heading (a client with no company is asked to join one).
 * `relatorioIncluido`: whether the plan has `custom_reports` (admins always) — the "Relatório de
 * situação (PDF)", or what it would give.
 */
export function LaudosDashboard({
  admin,
  aviso,
  relatorioIncluido = false,
}: {
  admin: boolean;
  aviso?: ReactNode;
  relatorioIncluido?: boolean;
}) {
  const estatisticas = useEstatisticasLaudos();
  const revelando = useRevealDelay(estatisticas.isPending);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Painel</h1>
          <p className="mt-2 text-slate-700">
            {admin
              ? 'Todos os clientes: resumo dos laudos e dos próximos vencimentos.'
              : 'Resumo dos seus laudos e dos próximos vencimentos.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <RelatorioSituacao incluido={relatorioIncluido} admin={admin} />
          <Link to={paths.novoLaudo} className={buttonClass('primary')}>
            Novo laudo
          </Link>
        </div>
      </div>

      {aviso ? <div className="mt-6">{aviso}</div> : null}

      <section aria-labelledby="resumo-titulo" className="mt-6">
        <h2 id="resumo-titulo" className="sr-only">
          Resumo {admin ? 'de todos os clientes' : 'dos seus laudos'}
        </h2>
        {estatisticas.isPending || revelando ? (
          <ResumoEsqueleto />
        ) : estatisticas.isError ? (
          <ErrorNotice error={estatisticas.error} onRetry={() => void estatisticas.refetch()} />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
            <Contagens dados={estatisticas.data} />
            <GraficoStatus dados={estatisticas.data} />
          </div>
        )}
      </section>

      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <ListaResumo
          titulo="Próximos vencimentos"
          mais={{ href: paths.vencimentos, label: 'Ver todos os vencimentos' }}
        >
          <UltimosLaudos admin={admin} tipo="vencimentos" />
        </ListaResumo>
        <ListaResumo
          titulo="Laudos recentes"
          mais={{ href: paths.vencimentos, label: 'Ver todos os laudos' }}
        >
          <UltimosLaudos admin={admin} tipo="recentes" />
        </ListaResumo>
      </div>
    </div>
  );
}

const cartoes = [
  { chave: 'total', rotulo: 'Total de laudos', cor: 'border-slate-300' },
  { chave: 'ativos', rotulo: 'Ativos', cor: 'border-emerald-500' },
  { chave: 'vencendo', rotulo: 'Vencendo', cor: 'border-amber-500' },
  { chave: 'vencidos', rotulo: 'Vencidos', cor: 'border-red-600' },
] as const;

function Contagens({ dados }: { dados: EstatisticasLaudos }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-2">
      {cartoes.map((cartao) => (
        <div
          key={cartao.chave}
          className={`rounded-xl border-l-4 bg-white p-4 shadow-sm ring-1 ring-slate-200 ${cartao.cor}`}
        >
          <dt className="text-sm font-medium text-slate-600">{cartao.rotulo}</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900">
            {dados[cartao.chave].toLocaleString('pt-BR')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The counts and the chart in grey, with their cards' paddings and line heights (no jump on arrival). */
function ResumoEsqueleto() {
  return (
    <Skeleton label="Carregando resumo..." className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-2">
        {cartoes.map((cartao) => (
          <div
            key={cartao.chave}
            className={`rounded-xl border-l-4 bg-white p-4 shadow-sm ring-1 ring-slate-200 ${cartao.cor}`}
          >
            <div className="flex h-5 items-center">
              <Bone className="h-3 w-2/3" />
            </div>
            <div className="mt-1 flex h-9 items-center">
              <Bone className="h-7 w-12" />
            </div>
          </div>
        ))}
      </div>
      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <div className="flex h-5 items-center">
          <Bone className="h-3 w-1/2" />
        </div>
        <div className="mt-3 space-y-3">
          {barras.map((barra) => (
            <div key={barra.chave}>
              <div className="flex h-5 items-center">
                <Bone className="h-3 w-2/3" />
              </div>
              <Bone className="mt-1 h-3 w-full rounded-full" />
            </div>
          ))}
        </div>
      </div>
    </Skeleton>
  );
}

const barras = [
  { chave: 'ativos', rotulo: 'Ativos', cor: 'bg-emerald-600' },
  { chave: 'vencendo', rotulo: `Vencendo (até ${DIAS_ALERTA_VENCIMENTO} dias)`, cor: 'bg-amber-500' },
  { chave: 'vencidos', rotulo: 'Vencidos', cor: 'bg-red-600' },
] as const;

/** Horizontal bars in CSS; the numbers are in the text, so the chart reads the same without colour. */
function GraficoStatus({ dados }: { dados: EstatisticasLaudos }) {
  const maior = Math.max(1, dados.ativos, dados.vencendo, dados.vencidos);
  return (
    <figure
      aria-labelledby="grafico-status"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <figcaption id="grafico-status" className="text-sm font-semibold text-slate-900">
        Laudos por situação
      </figcaption>
      <ul className="mt-3 space-y-3">
        {barras.map((barra) => {
          const valor = dados[barra.chave];
          const percentual = dados.total > 0 ? Math.round((valor / dados.total) * 100) : 0;
          return (
            <li key={barra.chave}>
              <div className="flex justify-between text-sm text-slate-700">
                <span>{barra.rotulo}</span>
                <span className="font-medium text-slate-900">
                  {valor.toLocaleString('pt-BR')} <span className="text-slate-600">({percentual}%)</span>
                </span>
              </div>
              <div aria-hidden="true" className="mt-1 h-3 w-full rounded-full bg-slate-100">
                <div
                  className={`h-3 rounded-full ${barra.cor}`}
                  style={{ width: `${valor === 0 ? 0 : Math.max(2, (valor / maior) * 100)}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

function ListaResumo({
  titulo,
  mais,
  children,
}: {
  titulo: string;
  mais: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-label={titulo}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">{titulo}</h2>
        <Link to={mais.href} className="text-sm font-medium text-brand-700 hover:underline">
          {mais.label}
        </Link>
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function UltimosLaudos({ admin, tipo }: { admin: boolean; tipo: 'vencimentos' | 'recentes' }) {
  const laudos = useLaudos(
    tipo === 'vencimentos'
      ? { status: 'vencendo', ordem: 'vencimento', direcao: 'asc', porPagina: 5 }
      : { ordem: 'criadoEm', direcao: 'desc', porPagina: 5 },
  );
  const revelando = useRevealDelay(laudos.isPending);
  if (laudos.isPending || revelando) return <SkeletonList rows={3} label="Carregando laudos..." />;
  if (laudos.isError) return <ErrorNotice error={laudos.error} onRetry={() => void laudos.refetch()} />;
  if (laudos.data.laudos.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
        {tipo === 'vencimentos'
          ? `Nenhum laudo vence nos próximos ${DIAS_ALERTA_VENCIMENTO} dias.`
          : 'Nenhum laudo cadastrado ainda.'}
      </p>
    );
  }
  return <LaudoLista laudos={laudos.data.laudos} mostrarCliente={admin} />;
}
