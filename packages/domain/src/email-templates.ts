/**
 * Every e-mail the product sends has a template type. Each type lists the variables its templates
 * may use: a template that uses anything else is refused when saved.
 */

/** Variables every template may use (filled by the e-mail service from settings and the clock). */
export const commonEmailVariables = [
  'sistema_url',
  'data_atual',
  'ano',
  'empresa_nome',
  'empresa_email',
  'empresa_telefone',
  'empresa_whatsapp',
  'empresa_endereco',
  'empresa_site',
  'cor_primaria',
] as const;

const laudoVariables = [
  'laudo_nome',
  'laudo_codigo',
  'laudo_tipo',
  'laudo_vencimento',
  'laudo_url',
  'cliente_empresa',
  'cliente_nome',
  'dias_para_vencer',
  'dias_vencido',
] as const;

/** Days before expiry that have a reminder template (spec section 9). */
export const expiringTemplateDays = [90, 60, 30, 15, 7, 3, 1] as const;
/** Days after expiry that have a notice template (spec section 9: 0 is "vence hoje"). */
export const expiredTemplateDays = [0, 7, 30, 60, 90, 180, 365] as const;

export type ExpiringTemplateType = `vencimento_${(typeof expiringTemplateDays)[number]}`;
export type ExpiredTemplateType = `vencido_${(typeof expiredTemplateDays)[number]}`;

export type EmailTemplateType =
  | 'laudo_criado'
  | ExpiringTemplateType
  | ExpiredTemplateType
  | 'boas_vindas'
  | 'senha_temporaria'
  | 'redefinir_senha'
  | 'senha_alterada'
  | 'confirmar_email'
  | 'cadastro_existente'
  | 'relatorio_mensal'
  | 'convite_equipe'
  | 'suporte_para_firma'
  | 'suporte_resposta'
  | 'renovacao_solicitada'
  | 'renovacao_atualizada'
  | 'resumo_lembretes'
  | 'escalonamento';

export const emailTemplateTypes: readonly EmailTemplateType[] = [
  'laudo_criado',
  ...expiringTemplateDays.map((d) => `vencimento_${d}` as const),
  ...expiredTemplateDays.map((d) => `vencido_${d}` as const),
  'boas_vindas',
  'senha_temporaria',
  'redefinir_senha',
  'senha_alterada',
  'confirmar_email',
  'cadastro_existente',
  'relatorio_mensal',
  'convite_equipe',
  'suporte_para_firma',
  'suporte_resposta',
  'renovacao_solicitada',
  'renovacao_atualizada',
  'resumo_lembretes',
  'escalonamento',
];

export function isEmailTemplateType(value: string): value is EmailTemplateType {
  return (emailTemplateTypes as readonly string[]).includes(value);
}

/** The variables a template of this type may use, beyond the common ones. */
export function templateVariables(type: EmailTemplateType): readonly string[] {
  if (type === 'laudo_criado' || type.startsWith('vencimento_') || type.startsWith('vencido_'))
    return laudoVariables;
  switch (type) {
    case 'boas_vindas':
    case 'senha_temporaria':
      return [
        'usuario_nome',
        'usuario_email',
        'senha_temporaria',
        'senha_expira_em',
        'cliente_empresa',
        'link_login',
      ];
    case 'redefinir_senha':
      return ['usuario_nome', 'usuario_email', 'link_reset', 'validade_link'];
    case 'senha_alterada':
      return ['usuario_nome', 'usuario_email', 'data_alteracao'];
    case 'confirmar_email':
      return ['usuario_nome', 'usuario_email', 'link_confirmacao', 'validade_link'];
    case 'cadastro_existente':
      return ['usuario_nome', 'usuario_email', 'data_tentativa', 'link_redefinir'];
    case 'relatorio_mensal':
      return [
        'usuario_nome',
        'cliente_empresa',
        'mes_referencia',
        'total_laudos',
        'total_ativos',
        'total_vencendo',
        'total_vencidos',
        'laudos_vencendo',
        'laudos_vencidos',
        'relatorio_pdf',
      ];
    case 'convite_equipe':
      // `empresa_nome` is the firm's (a common variable): the client company is `cliente_empresa`.
      return [
        'cliente_empresa',
        'convidado_nome',
        'convidado_email',
        'convidante_nome',
        'papel',
        'link_convite',
        'validade_link',
      ];
    case 'suporte_para_firma':
      // A client's new support request, or their reply to one (`chamado_novo` tells them apart).
      return [
        'cliente_empresa',
        'cliente_nome',
        'chamado_assunto',
        'chamado_mensagem',
        'chamado_novo',
        'chamado_prioritario',
        'chamado_laudo',
        'chamado_url',
      ];
    case 'suporte_resposta':
      return ['usuario_nome', 'chamado_assunto', 'chamado_mensagem', 'chamado_url'];
    case 'renovacao_solicitada':
      // To the firm: a client asked to renew a laudo from a reminder (issue 19).
      return [
        'laudo_nome',
        'laudo_codigo',
        'laudo_vencimento',
        'laudo_url',
        'cliente_empresa',
        'dias_para_vencer',
        'solicitante',
        'periodo',
        'contato',
        'observacao',
      ];
    case 'renovacao_atualizada':
      // To the client who asked for the renewal: the firm moved the request (decision 029).
      return [
        'cliente_nome',
        'laudo_nome',
        'laudo_codigo',
        'laudo_vencimento',
        'estagio',
        'agendado_para',
        'engenheiro',
        'orcamento',
        'nota',
        'renovacoes_url',
      ];
    case 'resumo_lembretes':
      // One e-mail per recipient and run listing its due laudos by urgency (decision 031). Each
      // list item: nome, codigo, tipo, vencimento, dias, situacao, url, link_solicitar, link_ciente.
      return [
        'cliente_nome',
        'total_laudos',
        'mais_urgente',
        'laudos_vencidos',
        'laudos_7_dias',
        'laudos_30_dias',
        'laudos_depois',
      ];
    case 'escalonamento':
      // To a company's gestores: a laudo expired and still unanswered N days after the first notice.
      return [...laudoVariables, 'dias_sem_resposta', 'primeiro_aviso'];
    default:
      return [];
  }
}

export function allowedTemplateVariables(type: EmailTemplateType): string[] {
  return [...commonEmailVariables, ...templateVariables(type)];
}
