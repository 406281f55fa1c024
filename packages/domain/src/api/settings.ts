// The API schemas of the settings routes (request bodies, responses), shared by server and web.
import { z } from 'zod';
import { appSettingsSchema, settingsSections } from '../settings.ts';

export { type AppSettings, appSettingsSchema, LOGO_MENSAGEM, logoSchema } from '../settings.ts';

/**
 * PUT /api/admin/settings: the whole document, every section strict (an unknown or misspelled
 * field is a 400 that names it). Missing fields take their defaults, as in the stored document.
 */
export const appSettingsEntrada = z.strictObject({
  mode: appSettingsSchema.shape.mode,
  notifications: z.strictObject(settingsSections.notifications).prefault({}),
  features: z.strictObject(settingsSections.features).prefault({}),
  branding: z.strictObject(settingsSections.branding).prefault({}),
  contact: z.strictObject(settingsSections.contact).prefault({}),
  limits: z.strictObject(settingsSections.limits).prefault({}),
  security: z.strictObject(settingsSections.security).prefault({}),
  whatsapp: z.strictObject(settingsSections.whatsapp).prefault({}),
  plans: z.strictObject(settingsSections.plans).prefault({}),
  auditoria: z.strictObject(settingsSections.auditoria).prefault({}),
});

/** Which social sign-ins the server has configured. */
export const loginSocialSchema = z.object({ google: z.boolean(), microsoft: z.boolean() });

/** GET /api/settings/public, as the server sends it. */
export const publicSettingsSchema = appSettingsSchema
  .pick({ branding: true, contact: true, features: true })
  .extend({ login: loginSocialSchema });

const ligado = z.boolean().catch(true);
const recursosLigados = { fileUpload: true, pdfViewer: true, excelViewer: true, multipleUsers: true };

/**
 * The part of GET /api/settings/public the web app reads, leniently: a missing or malformed social
 * sign-in counts as not offered, a missing file feature as on (the server refuses what is off).
 */
export const configuracoesPublicasSchema = z.object({
  login: z
    .object({ google: z.boolean().catch(false), microsoft: z.boolean().catch(false) })
    .catch({ google: false, microsoft: false }),
  features: z
    .object({ fileUpload: ligado, pdfViewer: ligado, excelViewer: ligado, multipleUsers: ligado })
    .catch(recursosLigados),
});
