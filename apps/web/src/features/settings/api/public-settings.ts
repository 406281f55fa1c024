import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { asRecord, isRecord } from '../../../lib/parse';

/**
 * The part of GET /api/settings/public the web app uses so far: which social sign-ins are
 * configured (missing or malformed fields count as "not offered") and which file features are on
 * (missing counts as on: the server refuses what is turned off anyway).
 */
export type RecursosPublicos = {
  fileUpload: boolean;
  pdfViewer: boolean;
  excelViewer: boolean;
  multipleUsers: boolean;
};

export type PublicSettings = { login: { google: boolean; microsoft: boolean }; features: RecursosPublicos };

function parsePublicSettings(data: unknown): PublicSettings {
  const body = asRecord(data, 'resposta');
  const login = isRecord(body.login) ? body.login : {};
  const features = isRecord(body.features) ? body.features : {};
  return {
    login: { google: login.google === true, microsoft: login.microsoft === true },
    features: {
      fileUpload: features.fileUpload !== false,
      pdfViewer: features.pdfViewer !== false,
      excelViewer: features.excelViewer !== false,
      multipleUsers: features.multipleUsers !== false,
    },
  };
}

export const publicSettingsQueryOptions = queryOptions({
  queryKey: ['settings', 'public'],
  queryFn: () => apiFetch('/settings/public', { parse: parsePublicSettings }),
  staleTime: 5 * 60_000,
});

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions);
}
