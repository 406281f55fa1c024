import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { asRecord, isRecord } from '../../../lib/parse';

/**
 * The part of GET /api/settings/public the web app uses so far: which social sign-ins are
 * configured. Missing or malformed fields count as "not offered".
 */
export type PublicSettings = { login: { google: boolean; microsoft: boolean } };

function parsePublicSettings(data: unknown): PublicSettings {
  const body = asRecord(data, 'resposta');
  const login = isRecord(body.login) ? body.login : {};
  return { login: { google: login.google === true, microsoft: login.microsoft === true } };
}

export const publicSettingsQueryOptions = queryOptions({
  queryKey: ['settings', 'public'],
  queryFn: () => apiFetch('/settings/public', { parse: parsePublicSettings }),
  staleTime: 5 * 60_000,
});

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions);
}
