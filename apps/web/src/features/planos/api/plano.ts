// Types only from @laudos/domain/api: the public /planos page imports this file and carries no zod.
import type { PlanoAdmin, PlanoDados } from '@laudos/domain/api';

export type { PlanoDados };

/** The features a plan may include, with their pt-BR names (spec section 3). */
export const recursosDoPlano = [
  ['notificacoes', 'Notificações por e-mail'],
  ['whatsappAlerts', 'Alertas por WhatsApp'],
  ['emailSupport', 'Suporte por e-mail'],
  ['prioritySupport', 'Suporte prioritário'],
  ['customReports', 'Relatórios personalizados'],
  ['apiAccess', 'Acesso à API'],
  ['dataExport', 'Exportação de dados'],
  ['customBranding', 'Marca personalizada'],
] as const;

export type RecursoDoPlano = (typeof recursosDoPlano)[number][0];

/**
 * What each feature does today, in the visitor's words: /planos prints these under the cards. Keep
 * them true to the product (README, "Planos: o que cada recurso faz").
 */
export const oQueORecursoFaz: Record<RecursoDoPlano, string> = {
  notificacoes:
    'Lembretes por e-mail antes e depois do vencimento de cada laudo, de 90 dias antes até um ano depois, e um resumo no dia 1 de cada mês.',
  whatsappAlerts:
    'Os lembretes antes e depois do vencimento também pelo WhatsApp, para cada pessoa que cadastrar o número e autorizar em Minha conta.',
  emailSupport:
    'Uma área de suporte no portal: abra um chamado, anexe um arquivo ou indique o laudo, acompanhe a conversa e receba as respostas por e-mail.',
  prioritySupport: 'Seus chamados de suporte passam à frente na fila da nossa equipe.',
  customReports:
    'O relatório de situação em PDF: contagens por situação e por tipo, os vencimentos dos próximos 12 meses em gráfico e a lista do que venceu ou vai vencer. Gerado no painel com os filtros que você escolher e anexado ao resumo mensal.',
  apiAccess:
    'Chaves de API para os sistemas da sua empresa listarem, cadastrarem e atualizarem os laudos e seus arquivos, com documentação e exemplos em /api/docs.',
  dataExport:
    'Baixe os laudos em Excel ou CSV, com os filtros da lista, ou tudo de uma vez num arquivo ZIP com o PDF e a planilha de cada laudo.',
  customBranding:
    'O logotipo e a cor da sua empresa, ao lado da nossa marca, no relatório de situação em PDF, nos lembretes de vencimento e no resumo mensal.',
};

export type Plano = PlanoAdmin;

export const planosKey = ['admin', 'planos'] as const;
