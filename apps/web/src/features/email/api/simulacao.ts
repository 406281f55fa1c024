import { type ItemSimulado, type Simulacao, simulacaoSchema } from '@laudos/domain/api';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

/** One e-mail a run on that date would send. */
export type ItemSimulacao = ItemSimulado;
export type { Simulacao };

const lerSimulacao = parseWith(simulacaoSchema, 'simulacao');

/** POST /api/admin/notificacoes/simular: what a run on `data` would send. Nothing is sent. */
export function simularEnvio(data: string): Promise<Simulacao> {
  return apiFetch('/admin/notificacoes/simular', { method: 'POST', body: { data }, parse: lerSimulacao });
}

export function useSimularEnvio() {
  return useMutation({ mutationFn: simularEnvio });
}
