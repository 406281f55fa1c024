/**
 * The paid features of a plan (the spec's `planos` flags) as the product names them to people:
 * the one check on the server (`exigirRecurso`) and the app's upgrade calls use these names.
 */
export const RECURSOS = {
  dataExport: 'exportação de dados',
  customReports: 'relatórios personalizados',
  apiAccess: 'acesso à API',
  customBranding: 'marca personalizada',
  whatsappAlerts: 'alertas por WhatsApp',
  notificacoes: 'notificações por e-mail',
  emailSupport: 'suporte por e-mail',
  prioritySupport: 'suporte prioritário',
} as const;
export type Recurso = keyof typeof RECURSOS;

/** "A", "A e B", "A, B e C". */
function lista(nomes: readonly string[]): string {
  if (nomes.length <= 1) return nomes.join('');
  return `${nomes.slice(0, -1).join(', ')} e ${nomes.at(-1)}`;
}

/** What a route needs: one feature, or any one of several (the support area: `emailSupport` or `prioritySupport`). */
export type RecursoExigido = Recurso | readonly Recurso[];

/**
 * The refusal of a feature outside the plan, naming it and the active plans that include it:
 * "Seu plano não inclui exportação de dados. Disponível nos planos Profissional e Empresarial."
 */
export function mensagemDeRecursoForaDoPlano(
  recurso: Recurso | readonly Recurso[],
  planosQueIncluem: readonly string[],
): string {
  // A route open to any of several features names them all: "suporte por e-mail nem suporte prioritário".
  const nomes = (typeof recurso === 'string' ? [recurso] : recurso).map((r) => RECURSOS[r]);
  const base = `Seu plano não inclui ${nomes.join(' nem ')}.`;
  if (planosQueIncluem.length === 0) return `${base} Fale conosco para saber como ter este recurso.`;
  if (planosQueIncluem.length === 1) return `${base} Disponível no plano ${planosQueIncluem[0]}.`;
  return `${base} Disponível nos planos ${lista(planosQueIncluem)}.`;
}
