import { rotuloTipoEmail } from '../../../lib/email-labels';
import type { OrigemExecucao } from '../api/agendador';
import type { Frequencia, Regra, TipoNotificacao } from '../api/regras';

/* pt-BR texts for the values of the notifications API. */

export const rotulosTipoNotificacao: Record<TipoNotificacao, string> = {
  vencendo: 'Antes do vencimento',
  vencido: 'Após o vencimento',
  relatorio_mensal: 'Relatório mensal',
  escalonamento: 'Escalonamento aos gestores',
};

/** 0 = domingo … 6 = sábado, as the server counts. */
export const diasDaSemana = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
] as const;

export const rotulosFrequencia: Record<Frequencia, string> = {
  daily: 'Diária',
  weekly: 'Semanal',
  monthly: 'Mensal (dia 1)',
};

/** 'Diária', 'Semanal (segunda-feira)', 'Mensal (dia 1)'. */
export function rotuloFrequencia(regra: Pick<Regra, 'frequency' | 'weekday'>): string {
  if (regra.frequency !== 'weekly') return rotulosFrequencia[regra.frequency];
  return `Semanal (${diasDaSemana[regra.weekday] ?? `dia ${regra.weekday}`})`;
}

export const MODELO_AUTOMATICO = 'Automático (pela quantidade de dias)';

export function rotuloModelo(templateType: string | null): string {
  return templateType === null ? MODELO_AUTOMATICO : rotuloTipoEmail(templateType);
}

/** The days a rule sends on: '90, 60, 30 dias antes'; null for the monthly report. */
export function diasDaRegra(regra: Pick<Regra, 'kind' | 'daysBefore' | 'daysAfter'>): string | null {
  if (regra.kind === 'relatorio_mensal') return null;
  const dias = regra.kind === 'vencendo' ? regra.daysBefore : regra.daysAfter;
  if (dias.length === 0) return 'Nenhum dia';
  const sufixo = regra.kind === 'vencendo' ? 'antes' : 'depois';
  const unidade = dias.length === 1 && dias[0] === 1 ? 'dia' : 'dias';
  return `${dias.join(', ')} ${unidade} ${sufixo}`;
}

/** One milestone: '30 dias antes', 'No dia do vencimento', '7 dias depois'. */
export function rotuloMarco(tipo: TipoNotificacao, dias: number): string {
  if (tipo === 'relatorio_mensal') return '—';
  if (tipo === 'escalonamento') return `${dias} ${dias === 1 ? 'dia' : 'dias'} sem resposta`;
  if (tipo === 'vencido' && dias === 0) return 'No dia do vencimento';
  return `${dias} ${dias === 1 ? 'dia' : 'dias'} ${tipo === 'vencendo' ? 'antes' : 'depois'}`;
}

/** Days left on the scheduled date (> 0 before expiry, <= 0 after), as a log shows them. */
export function rotuloDiasRestantes(diasRestantes: number | null): string {
  if (diasRestantes === null) return '—';
  if (diasRestantes === 0) return 'No dia do vencimento';
  const n = Math.abs(diasRestantes);
  const dias = `${n} ${n === 1 ? 'dia' : 'dias'}`;
  return diasRestantes > 0 ? `Faltavam ${dias}` : `Vencido há ${dias}`;
}

export const rotulosOrigem: Record<OrigemExecucao, string> = {
  agendada: 'Agendada',
  manual: 'Manual',
  retomada: 'Ao retomar',
  cli: 'Linha de comando',
};

const rotulosProvedor: Record<string, string> = {
  outbox: 'Caixa de saída interna',
  smtp: 'SMTP',
  'amazon-ses': 'Amazon SES',
  ses: 'Amazon SES',
};

export function rotuloProvedor(provedor: string): string {
  return rotulosProvedor[provedor] ?? provedor;
}
