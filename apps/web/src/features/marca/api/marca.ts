import { LOGO_MAX_BYTES, type MarcaDaEmpresa, marcaDaEmpresaSchema } from '@laudos/domain/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { uploadFile } from '../../../lib/upload';

export type { MarcaDaEmpresa };

/**
 * Whose branding: the gestor's own company (`/api/empresa/marca`) or, for an admin, the company of
 * the page (`/api/admin/empresas/:id/marca`). The routes answer the same shape.
 */
export type DonoDaMarca = { tipo: 'empresa' } | { tipo: 'admin'; empresaId: string };

function base(dono: DonoDaMarca): string {
  return dono.tipo === 'empresa'
    ? '/empresa/marca'
    : `/admin/empresas/${encodeURIComponent(dono.empresaId)}/marca`;
}

const chave = (dono: DonoDaMarca) => ['marca', dono.tipo === 'empresa' ? 'minha' : dono.empresaId] as const;
const parseMarca = parseWith(marcaDaEmpresaSchema, 'resposta');

/** The client-side check only: the server decodes the image and has the last word. */
export const LOGO_TAMANHO_MAXIMO_MB = LOGO_MAX_BYTES / 1024 / 1024;
export const LOGO_ACEITA = 'image/png,image/jpeg,image/webp,image/svg+xml';

export function erroDoLogo(arquivo: File): string | undefined {
  if (!LOGO_ACEITA.split(',').includes(arquivo.type)) return 'Escolha uma imagem PNG, JPEG, WebP ou SVG.';
  if (arquivo.size > LOGO_MAX_BYTES)
    return `A imagem passa de ${LOGO_TAMANHO_MAXIMO_MB} MB. Escolha uma imagem menor.`;
  return undefined;
}

export function marcaQueryOptions(dono: DonoDaMarca) {
  return queryOptions({
    queryKey: chave(dono),
    queryFn: ({ signal }) => apiFetch(base(dono), { parse: parseMarca, signal }),
  });
}

/** GET: the logo's address, the colour and whether the plan shows them. */
export function useMarca(dono: DonoDaMarca, enabled = true) {
  return useQuery({ ...marcaQueryOptions(dono), enabled });
}

/** PUT the colour (#rrggbb, or null). */
export function useSalvarCor(dono: DonoDaMarca) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cor: string | null) =>
      apiFetch(base(dono), { method: 'PUT', body: { cor }, parse: parseMarca }),
    onSuccess: (marca) => queryClient.setQueryData(chave(dono), marca),
  });
}

/** PUT the logo (multipart, field `arquivo`); the server re-encodes it as PNG. */
export function useEnviarLogo(dono: DonoDaMarca) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (arquivo: File) =>
      uploadFile({
        method: 'PUT',
        url: `/api${base(dono)}/logo`,
        file: arquivo,
        parse: parseMarca,
        onProgress: () => {},
        messages: {
          network: 'Não foi possível enviar o logo. Verifique sua conexão e tente novamente.',
          tooLarge: `O logo passa do limite de ${LOGO_TAMANHO_MAXIMO_MB} MB. Escolha uma imagem menor.`,
          unexpected: 'Erro inesperado ao enviar o logo. Tente novamente em instantes.',
        },
      }),
    onSuccess: (marca) => queryClient.setQueryData(chave(dono), marca),
  });
}

/** DELETE the logo. */
export function useRemoverLogo(dono: DonoDaMarca) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`${base(dono)}/logo`, { method: 'DELETE', parse: parseMarca }),
    onSuccess: (marca) => queryClient.setQueryData(chave(dono), marca),
  });
}
