import {
  type WhatsappEstado,
  type WhatsappMensagens,
  whatsappEstadoSchema,
  whatsappMensagensResposta,
} from '@laudos/domain/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';

export type { WhatsappEstado, WhatsappMensagens };

const chave = ['whatsapp', 'meu'] as const;
const parseEstado = parseWith(whatsappEstadoSchema, 'resposta');

/** GET /api/me/whatsapp: whether the channel is offered to me, and my consent. */
export function useMeuWhatsapp() {
  return useQuery({
    queryKey: chave,
    queryFn: ({ signal }) => apiFetch('/me/whatsapp', { parse: parseEstado, signal }),
  });
}

/** PUT: turns it on (or changes the number), with the consent checkbox ticked. */
export function useAtivarWhatsapp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { numero: string; consentimento: boolean }) =>
      apiFetch('/me/whatsapp', { method: 'PUT', body: input, parse: parseEstado }),
    onSuccess: (estado) => queryClient.setQueryData(chave, estado),
  });
}

/** DELETE: turns it off (the revocation is recorded). */
export function useDesativarWhatsapp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/me/whatsapp', { method: 'DELETE', parse: parseEstado }),
    onSuccess: (estado) => queryClient.setQueryData(chave, estado),
  });
}

const parseMensagens = parseWith(whatsappMensagensResposta, 'resposta');

/** GET /api/admin/whatsapp/mensagens: the latest messages and their delivery statuses (admin). */
export function useMensagensWhatsapp() {
  return useQuery({
    queryKey: ['whatsapp', 'mensagens'],
    queryFn: ({ signal }) => apiFetch('/admin/whatsapp/mensagens', { parse: parseMensagens, signal }),
  });
}
