import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { asBoolean, asEnum, asNullableString, asNumber, asRecord, asString } from '../../../lib/parse';

/** The firm's settings (the spec's "local config", kept on the server); saved whole with PUT. */
export type AppSettings = {
  mode: 'sandbox' | 'production';
  notifications: { email: boolean; whatsapp: boolean; sms: boolean };
  features: { fileUpload: boolean; pdfViewer: boolean; excelViewer: boolean; multipleUsers: boolean };
  branding: { companyName: string; primaryColor: string; logo: string | null };
  contact: { email: string; phone: string; whatsapp: string; address: string; website: string };
  limits: { maxFileSizeMb: number; maxLaudosPerClient: number; maxUsers: number };
  security: { requireTwoFactorForAdmins: boolean };
};

export function parseAppSettings(data: unknown): AppSettings {
  const body = asRecord(data, 'configuracoes');
  const notifications = asRecord(body.notifications, 'notifications');
  const features = asRecord(body.features, 'features');
  const branding = asRecord(body.branding, 'branding');
  const contact = asRecord(body.contact, 'contact');
  const limits = asRecord(body.limits, 'limits');
  const security = asRecord(body.security, 'security');
  return {
    mode: asEnum(body.mode, 'mode', ['sandbox', 'production'] as const),
    notifications: {
      email: asBoolean(notifications.email, 'notifications.email'),
      whatsapp: asBoolean(notifications.whatsapp, 'notifications.whatsapp'),
      sms: asBoolean(notifications.sms, 'notifications.sms'),
    },
    features: {
      fileUpload: asBoolean(features.fileUpload, 'features.fileUpload'),
      pdfViewer: asBoolean(features.pdfViewer, 'features.pdfViewer'),
      excelViewer: asBoolean(features.excelViewer, 'features.excelViewer'),
      multipleUsers: asBoolean(features.multipleUsers, 'features.multipleUsers'),
    },
    branding: {
      companyName: asString(branding.companyName, 'branding.companyName'),
      primaryColor: asString(branding.primaryColor, 'branding.primaryColor'),
      logo: asNullableString(branding.logo, 'branding.logo'),
    },
    contact: {
      email: asString(contact.email, 'contact.email'),
      phone: asString(contact.phone, 'contact.phone'),
      whatsapp: asString(contact.whatsapp, 'contact.whatsapp'),
      address: asString(contact.address, 'contact.address'),
      website: asString(contact.website, 'contact.website'),
    },
    limits: {
      maxFileSizeMb: asNumber(limits.maxFileSizeMb, 'limits.maxFileSizeMb'),
      maxLaudosPerClient: asNumber(limits.maxLaudosPerClient, 'limits.maxLaudosPerClient'),
      maxUsers: asNumber(limits.maxUsers, 'limits.maxUsers'),
    },
    security: {
      requireTwoFactorForAdmins: asBoolean(
        security.requireTwoFactorForAdmins,
        'security.requireTwoFactorForAdmins',
      ),
    },
  };
}

const settingsKey = ['admin', 'settings'] as const;

export const adminSettingsQueryOptions = queryOptions({
  queryKey: settingsKey,
  queryFn: ({ signal }) => apiFetch('/admin/settings', { parse: parseAppSettings, signal }),
});

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions);
}

export function salvarConfiguracoes(settings: AppSettings): Promise<AppSettings> {
  return apiFetch('/admin/settings', { method: 'PUT', body: settings, parse: parseAppSettings });
}

export function useSalvarConfiguracoes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarConfiguracoes,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      // Branding, contact and social sign-in are also in the public settings.
      return queryClient.invalidateQueries({ queryKey: ['settings', 'public'] });
    },
  });
}

/**
 * The fields named in the server's validation message ("Dados inválidos: verifique
 * contact.whatsapp, limits.maxUsers."), so the form can mark them.
 */
export function fieldsInValidationMessage(message: string): string[] {
  const match = /verifique (.+?)\.?$/.exec(message);
  if (!match?.[1]) return [];
  return match[1]
    .split(',')
    .map((field) => field.trim())
    .filter((field) => /^[a-zA-Z]+(\.[a-zA-Z]+)*$/.test(field));
}
