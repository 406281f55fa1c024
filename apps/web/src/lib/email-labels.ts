/*
 * pt-BR names for the e-mails the product sends. Shared because both the client's /notificacoes and
 * the admin's e-mail pages show them, and features do not import each other.
 */

const nomesFixos: Record<string, string> = {
  laudo_criado: 'Novo laudo criado',
  boas_vindas: 'Boas-vindas',
  senha_temporaria: 'Senha temporária',
  redefinir_senha: 'Redefinição de senha',
  senha_alterada: 'Senha alterada',
  confirmar_email: 'Confirmação de e-mail',
  cadastro_existente: 'Tentativa de cadastro',
  relatorio_mensal: 'Relatório mensal',
  convite_equipe: 'Convite para a equipe',
  suporte_para_firma: 'Suporte: chamado ou resposta do cliente',
  suporte_resposta: 'Suporte: resposta ao cliente',
  renovacao_solicitada: 'Pedido de renovação',
  resumo_lembretes: 'Resumo de lembretes',
  escalonamento: 'Escalonamento aos gestores',
};

/**
 * The kind of an e-mail from its template type: 'vencimento_30' → 'Vence em 30 dias',
 * 'vencido_0' → 'Venceu hoje', 'vencido_7' → 'Venceu há 7 dias'. An unknown type is shown as is.
 */
export function rotuloTipoEmail(tipo: string): string {
  const fixo = nomesFixos[tipo];
  if (fixo) return fixo;
  const vencendo = /^vencimento_(\d+)$/.exec(tipo);
  if (vencendo) {
    const dias = Number(vencendo[1]);
    return dias === 1 ? 'Vence em 1 dia' : `Vence em ${dias} dias`;
  }
  const vencido = /^vencido_(\d+)$/.exec(tipo);
  if (vencido) {
    const dias = Number(vencido[1]);
    if (dias === 0) return 'Venceu hoje';
    return dias === 1 ? 'Venceu há 1 dia' : `Venceu há ${dias} dias`;
  }
  return tipo;
}

/** Where an e-mail is in its delivery (the outbox's states). */
export type StatusEmail = 'pending' | 'sending' | 'retrying' | 'sent' | 'failed' | 'suprimido';

export const statusEmail: readonly StatusEmail[] = [
  'pending',
  'sending',
  'retrying',
  'sent',
  'failed',
  'suprimido',
];

export const rotulosStatusEmail: Record<StatusEmail, string> = {
  pending: 'Pendente',
  sending: 'Enviando',
  retrying: 'Tentando novamente',
  sent: 'Enviado',
  failed: 'Falhou',
  suprimido: 'Suprimido',
};

/** The badge tone of each state: green sent, red failed, amber still on its way. */
export const tonsStatusEmail = {
  pending: 'warning',
  sending: 'brand',
  retrying: 'warning',
  sent: 'success',
  failed: 'danger',
  suprimido: 'neutral',
} as const satisfies Record<StatusEmail, string>;
