import { ROTULO_DO_ESTAGIO } from '@laudos/domain/api';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { SkeletonText } from '../../../components/loading';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CheckboxField, TextAreaField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatDateTime } from '../../../lib/format';
import { laudoHref } from '../../../lib/paths';
import { useAnotar, useRenovacao } from '../api/renovacoes';
import { DiasRestantes, dataBR, Historico } from './comum';

/** A request's card opened: its data, the history of the conversation, the reminders, a note box. */
export function DetalheDaRenovacao({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detalhe = useRenovacao(id);
  return (
    <Dialog open={Boolean(id)} onClose={onClose} title="Pedido de renovação" size="lg">
      {detalhe.isPending ? (
        <SkeletonText lines={5} label="Carregando o pedido" />
      ) : detalhe.isError ? (
        <ErrorNotice error={detalhe.error} onRetry={() => void detalhe.refetch()} />
      ) : (
        <div className="space-y-5">
          <Dados r={detalhe.data.renovacao} />
          <section>
            <h3 className="mb-2 font-semibold text-slate-900">Histórico</h3>
            <Historico eventos={detalhe.data.historico} criadoEm={detalhe.data.renovacao.criadoEm} />
          </section>
          <Nota id={detalhe.data.renovacao.id} />
          <section>
            <h3 className="mb-2 font-semibold text-slate-900">Lembretes deste vencimento</h3>
            {detalhe.data.lembretes.length === 0 ? (
              <p className="text-sm text-slate-600">Nenhum lembrete registrado.</p>
            ) : (
              <ul className="space-y-1 text-sm text-slate-700">
                {detalhe.data.lembretes.map((l) => (
                  <li key={`${l.tipo}-${l.dias}-${l.destinatario}`} className="break-words">
                    {l.tipo === 'vencido' ? `Vencido (${l.dias} dias)` : `${l.dias} dias antes`} ·{' '}
                    {l.destinatario} · {formatDateTime(l.enviadoEm)}
                    {l.sucesso ? '' : ' · não entregue'}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}

function Dados({ r }: { r: NonNullable<ReturnType<typeof useRenovacao>['data']>['renovacao'] }) {
  const linhas: [string, React.ReactNode][] = [
    ['Estágio', ROTULO_DO_ESTAGIO[r.estagio]],
    ['Empresa', r.empresa?.nome ?? 'Sem empresa'],
    [
      'Laudo',
      <Link key="l" to={laudoHref(r.laudo.id)} className="text-brand-700 underline">
        {r.laudo.nome} ({r.laudo.codigo})
      </Link>,
    ],
    ['Tipo', r.laudo.tipo],
    [
      'Vencimento',
      <span key="v">
        {dataBR(r.dataVencimento)} · <DiasRestantes dias={r.diasRestantes} />
      </span>,
    ],
    ['Pedido por', r.solicitante],
    ['Período preferido', r.periodo],
    ['Contato', r.contato],
    ['Observação', r.observacao],
    ['Orçamento', r.orcamento],
    ['Inspeção', r.agendadoPara ? `${dataBR(r.agendadoPara)} · ${r.engenheiro ?? ''}` : null],
    ['Motivo da perda', r.estagio === 'perdido' ? r.motivoPerda : null],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {linhas
        .filter(([, v]) => v)
        .map(([rotulo, valor]) => (
          <div key={rotulo} className="contents">
            <dt className="font-medium text-slate-600">{rotulo}</dt>
            <dd className="min-w-0 break-words text-slate-900">{valor}</dd>
          </div>
        ))}
    </dl>
  );
}

function Nota({ id }: { id: string }) {
  const [nota, setNota] = useState('');
  const [interna, setInterna] = useState(true);
  const anotar = useAnotar(id);
  function enviar(event: FormEvent) {
    event.preventDefault();
    if (!nota.trim()) return;
    anotar.mutate({ nota, interna }, { onSuccess: () => setNota('') });
  }
  return (
    <form className="space-y-2" onSubmit={enviar}>
      {anotar.isError ? <FormAlert>{anotar.error.message}</FormAlert> : null}
      <TextAreaField
        label="Nova nota"
        rows={2}
        maxLength={2000}
        value={nota}
        onChange={(e) => setNota(e.target.value)}
      />
      <CheckboxField
        label="Nota interna (só a firma vê)"
        checked={interna}
        onChange={(e) => setInterna(e.target.checked)}
      />
      <button
        type="submit"
        className={buttonClass('secondary', 'sm')}
        disabled={anotar.isPending || !nota.trim()}
      >
        Acrescentar nota
      </button>
    </form>
  );
}
