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
  ['customBranding', 'Marca própria'],
] as const;

export type RecursoDoPlano = (typeof recursosDoPlano)[number][0];

export type Plano = PlanoAdmin;

export const planosKey = ['admin', 'planos'] as const;
