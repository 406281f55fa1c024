import { z } from 'zod';
import { TIPOS_DE_MENSAGEM, TIPOS_OBRIGATORIOS_PADRAO } from './preferencias.ts';

/**
 * The firm's application settings (the spec's "local config", kept on the server).
 * Every field has the default of spec section 9, so a partial or older stored document
 * always parses into a complete one.
 */
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Cor deve estar no formato #RRGGBB');

/** The logo is shown from its address: an http(s) URL or a path of this site, never `javascript:` or data. */
export const LOGO_MENSAGEM = 'Informe um endereço que comece com https:// (ou deixe em branco).';
export const logoSchema = z
  .string()
  .max(2048)
  .regex(/^(https?:\/\/|\/)/, LOGO_MENSAGEM)
  .nullable();

/** A WhatsApp template's name as Meta accepts it: lower-case letters, digits and underscores. */
const modeloWhatsapp = z
  .string()
  .trim()
  .regex(/^[a-z0-9_]{1,512}$/, 'Use só letras minúsculas, números e _ (o nome do modelo aprovado na Meta).');

/** Each section's fields, once: the stored document's schema and the strict request body use them. */
export const settingsSections = {
  notifications: {
    email: z.boolean().default(true),
    whatsapp: z.boolean().default(true),
    sms: z.boolean().default(false),
    /** Kinds of message a person cannot turn off (decision 035). */
    tiposObrigatorios: z
      .array(z.enum(TIPOS_DE_MENSAGEM, 'Tipo de mensagem desconhecido.'))
      .max(TIPOS_DE_MENSAGEM.length)
      .default(() => [...TIPOS_OBRIGATORIOS_PADRAO]),
  },
  features: {
    fileUpload: z.boolean().default(true),
    pdfViewer: z.boolean().default(true),
    excelViewer: z.boolean().default(true),
    multipleUsers: z.boolean().default(true),
  },
  branding: {
    companyName: z.string().trim().min(1).max(120).default('Laudos Engenharia'),
    primaryColor: hexColor.default('#0BA2E9'),
    logo: logoSchema.default(null),
  },
  contact: {
    email: z.email().default('contato@laudos.com.br'),
    phone: z.string().max(40).default('(11) 4000-0000'),
    whatsapp: z
      .string()
      .regex(/^\d{10,15}$/, 'WhatsApp deve conter apenas dígitos, com DDI e DDD (ex.: 5511999999999)')
      .default('5511999999999'),
    address: z.string().max(300).default('São Paulo - SP'),
    website: z.string().max(300).default('https://laudos.com.br'),
  },
  limits: {
    maxFileSizeMb: z.number().int().min(1).max(100).default(25),
    maxLaudosPerClient: z.number().int().min(1).default(100),
    maxUsers: z.number().int().min(1).default(50),
  },
  security: {
    requireTwoFactorForAdmins: z.boolean().default(false),
  },
  /** The WhatsApp templates' names, as approved in Meta's WhatsApp Manager (decision 037). */
  whatsapp: {
    modeloAntes: modeloWhatsapp.default('laudo_vencendo'),
    modeloDepois: modeloWhatsapp.default('laudo_vencido'),
    modeloConfirmacao: modeloWhatsapp.default('renovacao_recebida'),
    modeloResumo: modeloWhatsapp.default('resumo_mensal'),
  },
  plans: {
    /** The plan the public /planos page marks "Recomendado"; null marks none. */
    recommendedPlanId: z.uuid('Escolha um plano da lista.').nullable().default(null),
  },
  /** The audit log (decision 046): entries older than this many days are deleted by a daily job. */
  auditoria: {
    retencaoDias: z
      .number('Informe a retenção em dias.')
      .int('A retenção é um número inteiro de dias.')
      .min(30, 'A retenção mínima do registro de auditoria é de 30 dias.')
      .max(3650, 'A retenção máxima do registro de auditoria é de 3650 dias (10 anos).')
      .default(730),
  },
};

export const appSettingsSchema = z.object({
  mode: z.enum(['sandbox', 'production']).default('production'),
  notifications: z.object(settingsSections.notifications).prefault({}),
  features: z.object(settingsSections.features).prefault({}),
  branding: z.object(settingsSections.branding).prefault({}),
  contact: z.object(settingsSections.contact).prefault({}),
  limits: z.object(settingsSections.limits).prefault({}),
  security: z.object(settingsSections.security).prefault({}),
  whatsapp: z.object(settingsSections.whatsapp).prefault({}),
  plans: z.object(settingsSections.plans).prefault({}),
  auditoria: z.object(settingsSections.auditoria).prefault({}),
});

export type AppSettings = z.infer<typeof appSettingsSchema>;

export const defaultAppSettings: AppSettings = appSettingsSchema.parse({});

/** The part of the settings any visitor may read (branding and how to reach the firm). */
export function publicSettings(settings: AppSettings) {
  return {
    branding: settings.branding,
    contact: settings.contact,
    features: settings.features,
  };
}
export type PublicSettings = ReturnType<typeof publicSettings>;
