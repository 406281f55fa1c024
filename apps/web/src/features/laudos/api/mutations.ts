import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { type Laudo, laudoKey, laudosKey, parseLaudoResposta, type TipoArquivo } from './laudo';

/* Changes to laudos. Each refreshes every laudo query (lists, statistics, the laudo) once it succeeds. */

export type DadosLaudo = {
  nome: string;
  codigo: string;
  /** Admins only, for a laudo with no company: the client's name as typed. */
  cliente?: string;
  /** Admins only: the company the laudo belongs to (its name becomes `cliente`). */
  empresaId?: string;
  tipo: string;
  observacoes?: string | null;
  emailCliente?: string | null;
  /** 'YYYY-MM-DD' or null. */
  dataVencimento?: string | null;
};

export type AlteracaoLaudo = Partial<DadosLaudo>;

/** POST /api/laudos → 201 { laudo }. */
export function criarLaudo(dados: DadosLaudo): Promise<Laudo> {
  return apiFetch('/laudos', { method: 'POST', body: dados, parse: parseLaudoResposta });
}

/** PATCH /api/laudos/:id with only the fields that changed. */
export function alterarLaudo({ id, ...alteracao }: AlteracaoLaudo & { id: string }): Promise<Laudo> {
  return apiFetch(`/laudos/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: alteracao,
    parse: parseLaudoResposta,
  });
}

export async function excluirLaudo(id: string): Promise<void> {
  await apiFetch(`/laudos/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** DELETE /api/laudos/:id/arquivos/pdf|excel → { laudo }. */
export function removerArquivo({ id, tipo }: { id: string; tipo: TipoArquivo }): Promise<Laudo> {
  return apiFetch(`/laudos/${encodeURIComponent(id)}/arquivos/${tipo}`, {
    method: 'DELETE',
    parse: parseLaudoResposta,
  });
}

function useLaudoMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (resultado) => {
      // The answer is the laudo as it is now: show it at once, then refresh the lists.
      if (resultado && typeof resultado === 'object' && 'id' in resultado) {
        const laudo = resultado as unknown as Laudo;
        queryClient.setQueryData(laudoKey(laudo.id), laudo);
      }
      return queryClient.invalidateQueries({ queryKey: laudosKey });
    },
  });
}

export const useCriarLaudo = () => useLaudoMutation(criarLaudo);
export const useAlterarLaudo = () => useLaudoMutation(alterarLaudo);
export const useRemoverArquivo = () => useLaudoMutation(removerArquivo);

export function useExcluirLaudo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excluirLaudo,
    onSuccess: (_resultado, id) => {
      queryClient.removeQueries({ queryKey: laudoKey(id) });
      return queryClient.invalidateQueries({ queryKey: laudosKey });
    },
  });
}
