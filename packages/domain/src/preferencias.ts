/**
 * The kinds of message a person may choose to receive or not, per channel (issue 20, decision 035).
 * Strictly transactional messages (password reset, e-mail confirmation, invitations, temporary
 * passwords, "Novo Laudo Criado") are not a kind: they are always sent.
 */
export const TIPOS_DE_MENSAGEM = [
  'lembrete_antes',
  'lembrete_vencido',
  'resumo_mensal',
  'renovacao',
] as const;
export type TipoDeMensagem = (typeof TIPOS_DE_MENSAGEM)[number];

export const ROTULOS_DOS_TIPOS: Record<TipoDeMensagem, string> = {
  lembrete_antes: 'Lembretes antes do vencimento',
  lembrete_vencido: 'Avisos de laudo vencido',
  resumo_mensal: 'Resumo mensal',
  renovacao: 'Atualizações de renovação',
};

/** What each kind covers, in the words of the preferences page. */
export const DESCRICOES_DOS_TIPOS: Record<TipoDeMensagem, string> = {
  lembrete_antes: 'Avisos de que um laudo vai vencer (também no resumo de lembretes).',
  lembrete_vencido: 'Avisos de que um laudo já venceu (também no resumo de lembretes).',
  resumo_mensal: 'O relatório do mês com os laudos da empresa.',
  renovacao: 'Mensagens sobre os seus pedidos de renovação.',
};

export const CANAIS_DE_MENSAGEM = ['email', 'whatsapp'] as const;
export type CanalDeMensagem = (typeof CANAIS_DE_MENSAGEM)[number];

/** The default of the admin's "cannot be turned off" list (settings.notifications.tiposObrigatorios). */
export const TIPOS_OBRIGATORIOS_PADRAO: TipoDeMensagem[] = ['lembrete_vencido'];

/** The kind of a reminder milestone: before or after the due date. */
export function tipoDoMarco(marco: 'vencendo' | 'vencido'): TipoDeMensagem {
  return marco === 'vencendo' ? 'lembrete_antes' : 'lembrete_vencido';
}

export function isTipoDeMensagem(value: string): value is TipoDeMensagem {
  return (TIPOS_DE_MENSAGEM as readonly string[]).includes(value);
}
