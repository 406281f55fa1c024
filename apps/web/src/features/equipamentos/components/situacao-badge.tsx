import { Badge, ICONES_DE_PRAZO } from '../../../components/ui/badge';
import type { Situacao } from '../api/equipamento';

export const NOMES_DAS_SITUACOES: Record<Situacao, string> = {
  vencido: 'Vencido',
  vencendo: 'Vencendo',
  em_dia: 'Em dia',
  sem_data: 'Sem data',
};

const tom = { em_dia: 'success', vencendo: 'warning', vencido: 'danger', sem_data: 'neutral' } as const;
const icone: Record<Situacao, string> = {
  em_dia: ICONES_DE_PRAZO.emDia,
  vencendo: ICONES_DE_PRAZO.vencendo,
  vencido: ICONES_DE_PRAZO.vencido,
  sem_data: ICONES_DE_PRAZO.semData,
};

/** The situation in words, with colour and an icon (never colour alone), as the laudos' badges. */
export function SituacaoBadge({ situacao }: { situacao: Situacao }) {
  return (
    <Badge tone={tom[situacao]} icone={icone[situacao]}>
      {NOMES_DAS_SITUACOES[situacao]}
    </Badge>
  );
}
