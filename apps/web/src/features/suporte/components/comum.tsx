import { ROTULO_DO_STATUS_DE_CHAMADO, type StatusDeChamado } from '@laudos/domain/api';
import { Badge } from '../../../components/ui/badge';

const relativo = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' });
const UNIDADES: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "há 3 horas", "há 2 dias", "agora": the time since `iso`. */
export function tempoDesde(iso: string, agora = Date.now()): string {
  const segundos = Math.max(0, Math.round((agora - Date.parse(iso)) / 1000));
  for (const [unidade, tamanho] of UNIDADES)
    if (segundos >= tamanho) return relativo.format(-Math.floor(segundos / tamanho), unidade);
  return 'agora';
}

const TOM: Record<StatusDeChamado, 'warning' | 'success' | 'neutral'> = {
  aberto: 'warning',
  respondido: 'success',
  fechado: 'neutral',
};

export function StatusDoChamado({ status }: { status: StatusDeChamado }) {
  return <Badge tone={TOM[status]}>{ROTULO_DO_STATUS_DE_CHAMADO[status]}</Badge>;
}

export function Prioritario() {
  return <Badge tone="brand">Prioritário</Badge>;
}

/** Accepted attachments (the server checks the content again). */
export const ACEITA_ANEXO = 'application/pdf,image/png,image/jpeg,image/webp,.pdf,.png,.jpg,.jpeg,.webp';
