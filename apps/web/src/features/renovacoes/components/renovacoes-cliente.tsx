import { ROTULO_DO_ESTAGIO } from '@laudos/domain/api';
import { Link } from 'react-router';
import { SkeletonText } from '../../../components/loading';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { formatDateTime } from '../../../lib/format';
import { laudoHref } from '../../../lib/paths';
import { type EstagioRenovacao, type RenovacaoDoCliente, useMinhasRenovacoes } from '../api/renovacoes';
import { DiasRestantes, dataBR, Historico } from './comum';

/** The path a request walks; Perdido replaces the steps after where it stopped. */
const PASSOS: readonly EstagioRenovacao[] = [
  'solicitado',
  'orcamento_enviado',
  'agendado',
  'inspecionado',
  'concluido',
];

function Passos({ estagio }: { estagio: EstagioRenovacao }) {
  const atual = PASSOS.indexOf(estagio);
  return (
    <ol className="flex flex-wrap gap-x-1 gap-y-2" aria-label="Etapas do pedido">
      {PASSOS.map((p, i) => {
        const feito = atual >= 0 && i < atual;
        const corrente = i === atual;
        return (
          <li
            key={p}
            aria-current={corrente ? 'step' : undefined}
            className={`rounded-full px-2.5 py-1 text-xs font-medium ${
              corrente
                ? 'bg-brand-700 text-white'
                : feito
                  ? 'bg-brand-100 text-brand-900'
                  : 'bg-slate-100 text-slate-600'
            }`}
          >
            {feito ? <span className="sr-only">Concluída: </span> : null}
            {ROTULO_DO_ESTAGIO[p]}
          </li>
        );
      })}
      {estagio === 'perdido' ? (
        <li
          aria-current="step"
          className="rounded-full bg-red-100 px-2.5 py-1 text-xs font-medium text-red-900"
        >
          {ROTULO_DO_ESTAGIO.perdido}
        </li>
      ) : null}
    </ol>
  );
}

function Pedido({ r }: { r: RenovacaoDoCliente }) {
  return (
    <li className="min-w-0 space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <div>
        <h2 className="font-semibold break-words text-slate-900">
          <Link to={laudoHref(r.laudo.id)} className="hover:underline">
            {r.laudo.nome} ({r.laudo.codigo})
          </Link>
        </h2>
        <p className="text-sm text-slate-700">
          Vencimento {dataBR(r.dataVencimento)} · <DiasRestantes dias={r.diasRestantes} />
        </p>
        <p className="text-sm text-slate-600">
          Pedido em {formatDateTime(r.criadoEm)} por {r.solicitante} · Estágio: {ROTULO_DO_ESTAGIO[r.estagio]}
        </p>
      </div>
      <Passos estagio={r.estagio} />
      {r.agendadoPara && r.estagio === 'agendado' ? (
        <p className="text-sm text-slate-900">
          Inspeção agendada para {dataBR(r.agendadoPara)}
          {r.engenheiro ? ` com ${r.engenheiro}` : ''}.
        </p>
      ) : null}
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Histórico</summary>
        <div className="mt-3">
          <Historico eventos={r.historico} criadoEm={r.criadoEm} />
        </div>
      </details>
    </li>
  );
}

/** The client's renewal requests (those made from the reminders' "Solicitar renovação"), newest first. */
export function RenovacoesDoCliente() {
  const lista = useMinhasRenovacoes();
  if (lista.isPending) return <SkeletonText lines={3} label="Carregando os pedidos de renovação" />;
  if (lista.isError) return <ErrorNotice error={lista.error} onRetry={() => void lista.refetch()} />;
  if (lista.data.renovacoes.length === 0)
    return (
      <p className="text-sm text-slate-700">
        Nenhum pedido de renovação ainda. Use o botão “Solicitar renovação” do e-mail de lembrete de um laudo.
      </p>
    );
  return (
    <ul className="space-y-3" aria-label="Pedidos de renovação">
      {lista.data.renovacoes.map((r) => (
        <Pedido key={r.id} r={r} />
      ))}
    </ul>
  );
}
