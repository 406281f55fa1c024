import type { ReactNode } from 'react';

/**
 * The one wording for a value nobody filled in (empresa, telefone, e-mail do cliente, observações):
 * the spec's welcome e-mail shows an empty company as "Não informado", so every screen says the same
 * words, whatever the field's gender. States that are not a missing value keep their own words
 * ("Sem plano", "Sem data de vencimento"), and a table cell that does not apply to its row shows "—".
 */
export const EMPTY_VALUE = 'Não informado';

/** The empty value in muted text, so it does not read as data. */
export function EmptyValue() {
  return <span className="text-slate-500">{EMPTY_VALUE}</span>;
}

/** `children` when there is something to show, else "Não informado" (blank text counts as empty). */
export function OrEmpty({ value, children }: { value: string | null | undefined; children?: ReactNode }) {
  if (value == null || value.trim() === '') return <EmptyValue />;
  return <>{children ?? value}</>;
}
