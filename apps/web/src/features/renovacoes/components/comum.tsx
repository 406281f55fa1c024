import { formatDateBR } from '@laudos/domain';
import { ROTULO_DO_ESTAGIO } from '@laudos/domain/api';
import { formatDateTime, plural } from '../../../lib/format';
import type { EventoDeRenovacao } from '../api/renovacoes';

/** "vence em 12 dias", "vence hoje", "vencido há 3 dias". */
export function diasRestantesTexto(dias: number): string {
  if (dias === 0) return 'vence hoje';
  if (dias > 0) return `vence em ${plural(dias, 'dia', 'dias')}`;
  return `vencido há ${plural(-dias, 'dia', 'dias')}`;
}

export function DiasRestantes({ dias }: { dias: number }) {
  const tom = dias < 0 ? 'text-red-700' : dias <= 30 ? 'text-amber-800' : 'text-slate-600';
  return <span className={`text-sm font-medium ${tom}`}>{diasRestantesTexto(dias)}</span>;
}

/** One line of a request's history: a move ("Agendado → Inspecionado") or a note. */
export function Historico({
  eventos,
  criadoEm,
}: {
  eventos: readonly EventoDeRenovacao[];
  criadoEm: string;
}) {
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4" aria-label="Histórico">
      <li>
        <p className="text-sm font-medium text-slate-900">Pedido recebido pelo e-mail de lembrete</p>
        <p className="text-xs text-slate-600">{formatDateTime(criadoEm)}</p>
      </li>
      {eventos.map((e) => (
        <li key={e.id}>
          <p className="text-sm font-medium text-slate-900">
            {e.para
              ? `${e.de ? `${ROTULO_DO_ESTAGIO[e.de]} → ` : ''}${ROTULO_DO_ESTAGIO[e.para]}`
              : e.interna
                ? 'Nota interna'
                : 'Nota'}
          </p>
          {e.nota ? <p className="text-sm break-words whitespace-pre-line text-slate-700">{e.nota}</p> : null}
          <p className="text-xs text-slate-600">
            {formatDateTime(e.em)}
            {e.por ? ` · ${e.por}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}

export function dataBR(iso: string | null): string {
  return iso ? formatDateBR(iso) : '';
}
