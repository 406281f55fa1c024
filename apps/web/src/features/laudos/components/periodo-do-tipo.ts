import { descreverPeriodo, vencimentoPeloPeriodo } from '@laudos/domain';
import type { TipoLaudo } from '@laudos/domain/api';

/**
 * The due date a type's default period suggests (decision 049), from `desde` (today in the firm's
 * time zone for a new laudo, the old due date for a renewal), and the hint that says why. Null for
 * a type without a period: the date is typed, as before.
 */
export function vencimentoSugerido(
  tipos: readonly TipoLaudo[] | undefined,
  tipo: string,
  desde: string,
): { data: string; dica: string } | null {
  const periodo = tipos?.find((t) => t.nome === tipo)?.periodoMeses;
  if (!periodo) return null;
  return {
    data: vencimentoPeloPeriodo(desde, periodo),
    dica: `Período padrão do tipo: ${descreverPeriodo(periodo)}.`,
  };
}
