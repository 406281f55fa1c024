import { appSettingsSchema, LOGO_MENSAGEM } from '@laudos/domain';
import { emailError } from '../../../lib/validation';
import type { AppSettings } from '../api/admin-settings';

/*
 * The form's working copy of the settings and its checks. The rules are the domain's settings schema
 * (`appSettingsSchema`, the one the server saves with); this file only words each failure the way
 * the form always has.
 */

export type Draft = Omit<AppSettings, 'branding' | 'contact' | 'limits' | 'auditoria'> & {
  branding: { companyName: string; primaryColor: string; logo: string };
  contact: AppSettings['contact'];
  limits: { maxFileSizeMb: string; maxLaudosPerClient: string; maxUsers: string };
  auditoria: { retencaoDias: string };
};

/** The text fields, by their path in the settings object (also their input names). */
export const fieldLabels = {
  'branding.companyName': 'Nome da empresa',
  'branding.primaryColor': 'Cor primária',
  'branding.logo': 'Logo',
  'contact.email': 'E-mail de contato',
  'contact.phone': 'Telefone',
  'contact.whatsapp': 'WhatsApp',
  'contact.address': 'Endereço',
  'contact.website': 'Site',
  'limits.maxFileSizeMb': 'Tamanho máximo de arquivo',
  'limits.maxLaudosPerClient': 'Máximo de laudos por cliente',
  'limits.maxUsers': 'Máximo de usuários',
  'auditoria.retencaoDias': 'Retenção do registro de auditoria',
  'whatsapp.modeloAntes': 'Modelo do lembrete antes do vencimento',
  'whatsapp.modeloDepois': 'Modelo do lembrete após o vencimento',
  'whatsapp.modeloConfirmacao': 'Modelo da confirmação da resposta ao lembrete',
  'whatsapp.modeloResumo': 'Modelo do resumo mensal',
} as const;

export type FieldPath = keyof typeof fieldLabels;
export type Errors = Partial<Record<FieldPath, string>>;

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export function toDraft(settings: AppSettings): Draft {
  return {
    ...settings,
    branding: { ...settings.branding, logo: settings.branding.logo ?? '' },
    contact: { ...settings.contact },
    limits: {
      maxFileSizeMb: String(settings.limits.maxFileSizeMb),
      maxLaudosPerClient: String(settings.limits.maxLaudosPerClient),
      maxUsers: String(settings.limits.maxUsers),
    },
    auditoria: { retencaoDias: String(settings.auditoria.retencaoDias) },
  };
}

/** A limit as typed: digits only make a number; anything else is refused by the schema. */
function integer(value: string): number {
  return /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
}

export function fromDraft(draft: Draft): AppSettings {
  return {
    ...draft,
    branding: {
      companyName: draft.branding.companyName.trim(),
      primaryColor: draft.branding.primaryColor.trim().toUpperCase(),
      logo: draft.branding.logo.trim() || null,
    },
    contact: {
      email: draft.contact.email.trim(),
      phone: draft.contact.phone.trim(),
      whatsapp: draft.contact.whatsapp.trim(),
      address: draft.contact.address.trim(),
      website: draft.contact.website.trim(),
    },
    whatsapp: {
      modeloAntes: draft.whatsapp.modeloAntes.trim(),
      modeloDepois: draft.whatsapp.modeloDepois.trim(),
      modeloConfirmacao: draft.whatsapp.modeloConfirmacao.trim(),
      modeloResumo: draft.whatsapp.modeloResumo.trim(),
    },
    limits: {
      maxFileSizeMb: integer(draft.limits.maxFileSizeMb),
      maxLaudosPerClient: integer(draft.limits.maxLaudosPerClient),
      maxUsers: integer(draft.limits.maxUsers),
    },
    auditoria: { retencaoDias: integer(draft.auditoria.retencaoDias) },
  };
}

type Issue = NonNullable<ReturnType<typeof appSettingsSchema.safeParse>['error']>['issues'][number];

function tooLong(issue: Issue): string | undefined {
  return issue.code === 'too_big' ? `Use no máximo ${String(issue.maximum)} caracteres.` : undefined;
}

function integerMessage(issue: Issue): string {
  if (issue.code === 'too_small') return `O mínimo é ${String(issue.minimum)}.`;
  if (issue.code === 'too_big') return `O máximo é ${String(issue.maximum)}.`;
  return 'Use um número inteiro.';
}

function modeloMessage(): string {
  return 'Use só letras minúsculas, números e _ (o nome do modelo aprovado na Meta).';
}

/** How the form words the schema's verdict on each field. */
const messages: Record<FieldPath, (issue: Issue, draft: Draft) => string> = {
  'branding.companyName': (issue) => tooLong(issue) ?? 'Informe o nome da empresa.',
  'branding.primaryColor': () => 'Use o formato #RRGGBB, por exemplo #0BA2E9.',
  'branding.logo': (issue) => tooLong(issue) ?? LOGO_MENSAGEM,
  'contact.email': (_issue, draft) =>
    emailError(draft.contact.email) ?? 'Informe um e-mail válido, como nome@empresa.com.br.',
  'contact.phone': (issue) => tooLong(issue) ?? 'Valor inválido.',
  'contact.whatsapp': () => 'Use apenas dígitos, com DDI e DDD (ex.: 5511999999999).',
  'contact.address': (issue) => tooLong(issue) ?? 'Valor inválido.',
  'contact.website': (issue) => tooLong(issue) ?? 'Valor inválido.',
  'limits.maxFileSizeMb': integerMessage,
  'limits.maxLaudosPerClient': integerMessage,
  'limits.maxUsers': integerMessage,
  'auditoria.retencaoDias': integerMessage,
  'whatsapp.modeloAntes': modeloMessage,
  'whatsapp.modeloDepois': modeloMessage,
  'whatsapp.modeloConfirmacao': modeloMessage,
  'whatsapp.modeloResumo': modeloMessage,
};

/** The fields the settings schema refuses, each with the form's message (the first failure wins). */
export function validate(draft: Draft): Errors {
  const errors: Errors = {};
  const result = appSettingsSchema.safeParse(fromDraft(draft));
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    if (!(path in messages)) continue;
    const field = path as FieldPath;
    errors[field] ??= messages[field](issue, draft);
  }
  return errors;
}
