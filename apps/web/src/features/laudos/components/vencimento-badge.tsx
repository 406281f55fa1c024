import {
  type ClassificacaoVencimento,
  descreverVencimento,
  type StatusVencimento,
  statusVencimentoLabel,
} from '@laudos/domain';
import { Badge, ICONES_DE_PRAZO } from '../../../components/ui/badge';

const tom = { ativo: 'success', vencendo: 'warning', vencido: 'danger' } as const;

export const icones: Record<StatusVencimento, string> = {
  ativo: ICONES_DE_PRAZO.emDia,
  vencendo: ICONES_DE_PRAZO.vencendo,
  vencido: ICONES_DE_PRAZO.vencido,
};

/** The status in words (green, yellow or red too, never colour alone), e.g. "Vencendo". */
export function VencimentoBadge({ status }: { status: StatusVencimento }) {
  return (
    <Badge tone={tom[status]} icone={icones[status]}>
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
