import {
  type Chamado,
  type MensagemDeChamado,
  type NovoChamado,
  type StatusDeChamado,
  suporteNaWeb,
} from '@laudos/domain/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiDownload, apiFetch } from '../../../lib/api';
import { salvarArquivo } from '../../../lib/download';
import { parseWith } from '../../../lib/parse';
import { uploadFile } from '../../../lib/upload';

export type { Chamado, MensagemDeChamado, NovoChamado, StatusDeChamado };

/**
 * Who reads the requests: a client (`/api/suporte`, their company's) or the firm
 * (`/api/admin/suporte`, every company's). The thread routes answer the same shapes.
 */
export type Lado = 'cliente' | 'admin';
const base = (lado: Lado) => (lado === 'cliente' ? '/suporte' : '/admin/suporte');

export const suporteKey = ['suporte'] as const;

const parseLista = parseWith(suporteNaWeb.lista, 'resposta');
const parseConversa = parseWith(suporteNaWeb.conversa, 'resposta');
const parseAberto = parseWith(suporteNaWeb.aberto, 'resposta');
const parseRespondido = parseWith(suporteNaWeb.respondido, 'resposta');
const parseLaudos = parseWith(
  z.object({ laudos: z.array(z.object({ id: z.string(), nome: z.string(), codigo: z.string() })) }),
  'resposta',
);

/** GET: the company's requests (client) or the inbox, filtered by status (admin). */
export function useChamados(lado: Lado, status: StatusDeChamado | 'todos' = 'todos') {
  return useQuery(
    queryOptions({
      queryKey: [...suporteKey, lado, 'lista', status],
      queryFn: ({ signal }) =>
        apiFetch(lado === 'cliente' ? '/suporte/chamados' : `/admin/suporte/chamados?status=${status}`, {
          parse: parseLista,
          signal,
        }),
    }),
  );
}

/** GET: one request and its thread. */
export function useConversa(lado: Lado, id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...suporteKey, lado, 'conversa', id],
      queryFn: ({ signal }) =>
        apiFetch(`${base(lado)}/chamados/${encodeURIComponent(id)}`, { parse: parseConversa, signal }),
    }),
  );
}

/** The laudos the person can see, to point a request at one (the first 100, by name). */
export function useLaudosParaChamado(enabled: boolean) {
  return useQuery({
    queryKey: [...suporteKey, 'laudos'],
    queryFn: ({ signal }) => apiFetch('/laudos?porPagina=100&ordem=nome', { parse: parseLaudos, signal }),
    enabled,
  });
}

/** Sends the file of a message just written (multipart, field `arquivo`). */
function anexar(lado: Lado, chamadoId: string, mensagemId: string, arquivo: File) {
  return uploadFile({
    method: 'POST',
    url: `/api${base(lado)}/chamados/${encodeURIComponent(chamadoId)}/mensagens/${encodeURIComponent(mensagemId)}/anexo`,
    file: arquivo,
    parse: parseConversa,
    onProgress: () => {},
    messages: {
      network: 'Não foi possível enviar o anexo: verifique a conexão.',
      tooLarge: 'O anexo é grande demais para o limite do sistema.',
      unexpected: 'Não foi possível enviar o anexo. Tente novamente.',
    },
  });
}

/** The message was saved but its file was refused: the request exists, the file does not. */
export class AnexoRecusado extends Error {
  constructor(
    readonly chamadoId: string,
    motivo: string,
  ) {
    super(`A mensagem foi enviada, mas o anexo não: ${motivo}`);
  }
}

async function comAnexo(lado: Lado, chamadoId: string, mensagemId: string, arquivo: File | null) {
  if (!arquivo) return;
  try {
    await anexar(lado, chamadoId, mensagemId, arquivo);
  } catch (error) {
    throw new AnexoRecusado(chamadoId, error instanceof Error ? error.message : 'erro desconhecido');
  }
}

/** POST: opens a request (then sends its file, when there is one). */
export function useAbrirChamado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ dados, arquivo }: { dados: NovoChamado; arquivo: File | null }) => {
      const aberto = await apiFetch('/suporte/chamados', { method: 'POST', body: dados, parse: parseAberto });
      await comAnexo('cliente', aberto.chamado.id, aberto.mensagemId, arquivo);
      return aberto.chamado;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: suporteKey }),
  });
}

/** POST: a reply in the thread (then its file). */
export function useResponder(lado: Lado, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ mensagem, arquivo }: { mensagem: string; arquivo: File | null }) => {
      const { mensagemId } = await apiFetch(`${base(lado)}/chamados/${encodeURIComponent(id)}/mensagens`, {
        method: 'POST',
        body: { mensagem },
        parse: parseRespondido,
      });
      await comAnexo(lado, id, mensagemId, arquivo);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: suporteKey }),
  });
}

/** POST: closes or reopens the request. */
export function useMudarSituacao(lado: Lado, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (acao: 'fechar' | 'reabrir') =>
      apiFetch(`${base(lado)}/chamados/${encodeURIComponent(id)}/${acao}`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: suporteKey }),
  });
}

/** GET: a message's file, saved under its name. */
export async function baixarAnexo(lado: Lado, chamadoId: string, mensagem: MensagemDeChamado) {
  const { blob } = await apiDownload(
    `${base(lado)}/chamados/${encodeURIComponent(chamadoId)}/mensagens/${encodeURIComponent(mensagem.id)}/anexo`,
    mensagem.anexo?.nome ?? 'anexo',
  );
  salvarArquivo(blob, mensagem.anexo?.nome ?? 'anexo');
}
