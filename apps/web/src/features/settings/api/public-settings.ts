import { configuracoesPublicasSchema } from '@laudos/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

/**
 * The part of GET /api/settings/public the web app uses so far: which social sign-ins are
 * configured (missing or malformed fields count as "not offered") and which file features are on
 * (missing counts as on: the server refuses what is turned off anyway).
 */
const parsePublicSettings = parseWith(configuracoesPublicasSchema, 'resposta');

export const publicSettingsQueryOptions = queryOptions({
  queryKey: ['settings', 'public'],
  queryFn: () => apiFetch('/settings/public', { parse: parsePublicSettings }),
  staleTime: 5 * 60_000,
});

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions);
}
