import { Badge } from '../../../components/ui/badge';
import type { Situacao } from '../api/equipamento';

export const NOMES_DAS_SITUACOES: Record<Situacao, string> = {
  vencido: 'Vencido',
  vencendo: 'Vencendo',
  em_dia: 'Em dia',
  sem_data: 'Sem data',
};

const tom = { em_dia: 'success', vencendo: 'warning', vencido: 'danger', sem_data: 'neutral' } as const;
const icone: Record<Situacao, string> = {
  em_dia: 'M5 12l4 4 10-10',
  vencendo: 'M12 7v6M12 17h.01',
  vencido: 'M7 7l10 10M17 7L7 17',
  sem_data: 'M6 12h12',
};

/** The situation in words, with colour and an icon (never colour alone), as the laudos' badges. */
export function SituacaoBadge({ situacao }: { situacao: Situacao }) {
  return (
    <Badge tone={tom[situacao]}>
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="mr-1 size-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      >
        <path d={icone[situacao]} />
      </svg>
      {NOMES_DAS_SITUACOES[situacao]}
    </Badge>
  );
}
