import { type AppSettings, appSettingsSchema } from '@laudos/domain/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

/** The firm's settings (the spec's "local config", kept on the server); saved whole with PUT. */
export type { AppSettings };

const parseAppSettings = parseWith(appSettingsSchema, 'configuracoes');

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
