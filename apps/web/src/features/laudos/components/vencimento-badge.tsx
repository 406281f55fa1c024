import {
  type ClassificacaoVencimento,
  descreverVencimento,
  type StatusVencimento,
  statusVencimentoLabel,
} from '@laudos/domain';
import { Badge } from '../../../components/ui/badge';

const tom = { ativo: 'success', vencendo: 'warning', vencido: 'danger' } as const;

export const icones: Record<StatusVencimento, string> = {
  ativo: 'M5 12l4 4 10-10',
  vencendo: 'M12 7v6M12 17h.01',
  vencido: 'M7 7l10 10M17 7L7 17',
};

/** The status in words (green, yellow or red too, never colour alone), e.g. "Vencendo". */
export function VencimentoBadge({ status }: { status: StatusVencimento }) {
  return (
    <Badge tone={tom[status]}>
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="mr-1 size-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      >
        <path d={icones[status]} />
      </svg>
      {statusVencimentoLabel[status]}
    </Badge>
  );
}

/** "Vence em 12 dias", "Vence hoje", "Vencido há 3 dias"... (the shared domain wording). */
export function DescricaoVencimento({
  vencimento,
  className = '',
}: {
  vencimento: ClassificacaoVencimento;
  className?: string;
}) {
  const cor =
    vencimento.status === 'vencido'
      ? 'text-red-800'
      : vencimento.status === 'vencendo'
        ? 'text-amber-900'
        : 'text-slate-700';
  return <span className={`${cor} ${className}`}>{descreverVencimento(vencimento)}</span>;
}
