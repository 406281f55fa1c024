import {
  type ErroDaLinhaDeEquipamento,
  type PreviaDeEquipamentos,
  previaDeEquipamentos,
  resultadoDeEquipamentos,
} from '@laudos/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorFromBody } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { equipamentosKey } from './equipamento';

export type { ErroDaLinhaDeEquipamento, PreviaDeEquipamentos };

/**
 * The spreadsheet import of equipment (issue 23): the template's address, the preview (nothing
 * saved) and the import (all or nothing). Both POSTs send the same multipart body.
 */
export function enderecoDoModeloDeEquipamentos(formato: 'csv' | 'xlsx'): string {
  return `/api/equipamentos/importacao/modelo?formato=${formato}`;
}

export interface EnvioDeEquipamentos {
  arquivo: File;
  /** An admin's choice of company (a client's goes to their own). */
  empresaId: string | null;
  modo: 'pular' | 'atualizar';
}

/** The import's refusal of a sheet with errors: the same list as the preview's. */
export class PlanilhaComErros extends ApiError {
  constructor(
    message: string,
    readonly erros: ErroDaLinhaDeEquipamento[],
  ) {
    super(400, 'PLANILHA_COM_ERROS', message);
  }
}

const parsePrevia = parseWith(previaDeEquipamentos, 'resposta');
const parseResultado = parseWith(resultadoDeEquipamentos, 'resposta');

async function enviar(url: string, { arquivo, empresaId, modo }: EnvioDeEquipamentos): Promise<unknown> {
  const form = new FormData();
  if (empresaId) form.append('empresaId', empresaId);
  form.append('modo', modo);
  form.append('arquivo', arquivo, arquivo.name);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Não foi possível enviar a planilha. Verifique sua conexão.');
  }
  const texto = await response.text();
  let dados: unknown;
  try {
    dados = texto ? (JSON.parse(texto) as unknown) : undefined;
  } catch {
    dados = undefined;
  }
  if (response.ok) return dados;
  const erro = (dados as { error?: { code?: string; message?: string; erros?: ErroDaLinhaDeEquipamento[] } })
    ?.error;
  if (erro?.code === 'PLANILHA_COM_ERROS' && Array.isArray(erro.erros))
    throw new PlanilhaComErros(erro.message ?? '', erro.erros);
  const doServidor = errorFromBody(response.status, dados);
  if (doServidor) throw doServidor;
  if (response.status === 413)
    throw new ApiError(413, 'ARQUIVO_GRANDE', 'A planilha é grande demais para o limite do sistema.');
  throw new ApiError(response.status, `HTTP_${response.status}`, 'Erro inesperado ao enviar a planilha.');
}

/** POST /api/equipamentos/importacao/previa. */
export function usePreviaDeEquipamentos() {
  return useMutation({
    mutationFn: async (envio: EnvioDeEquipamentos) =>
      parsePrevia(await enviar('/api/equipamentos/importacao/previa', envio)).previa,
  });
}

/** POST /api/equipamentos/importacao: on success the equipment list is fetched again. */
export function useImportarEquipamentos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (envio: EnvioDeEquipamentos) =>
      parseResultado(await enviar('/api/equipamentos/importacao', envio)).resultado,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equipamentosKey }),
  });
}
