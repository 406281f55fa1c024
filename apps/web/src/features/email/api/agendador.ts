import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import {
  asArray,
  asBoolean,
  asEnum,
  asNullableString,
  asNumber,
  asRecord,
  asString,
} from '../../../lib/parse';
import { notificacoesKey } from './keys';

export type OrigemExecucao = 'agendada' | 'manual' | 'retomada' | 'cli';

/** One run of the reminders. */
export type Execucao = {
  id: string;
  origem: OrigemExecucao;
  /** 'YYYY-MM-DD' */
  dataReferencia: string;
  inicio: string;
  /** null while running, or when the run crashed. */
  fim: string | null;
  /** Names of the rules that ran. */
  regras: string[];
  enfileirados: number;
  jaEnviados: number;
  semEmail: number;
  erros: number;
  mensagem: string | null;
};

export type Agendador = {
  pausado: boolean;
  pausadoEm: string | null;
  /** Who paused it (name). */
  pausadoPor: string | null;
  /** false when this server runs without job workers: nothing runs here. */
  workers: boolean;
  intervaloMinutos: number;
  ultimaVerificacao: string | null;
  proximaVerificacao: string | null;
  /** When an enabled rule is next due. */
  proximaExecucao: string | null;
  /** The last runs, newest first. */
  execucoes: Execucao[];
};

export function parseExecucao(value: unknown, path = 'execucao'): Execucao {
  const execucao = asRecord(value, path);
  return {
    id: asString(execucao.id, `${path}.id`),
    origem: asEnum(execucao.origem, `${path}.origem`, ['agendada', 'manual', 'retomada', 'cli'] as const),
    dataReferencia: asString(execucao.dataReferencia, `${path}.dataReferencia`),
    inicio: asString(execucao.inicio, `${path}.inicio`),
    fim: asNullableString(execucao.fim, `${path}.fim`),
    regras: asArray(execucao.regras ?? [], `${path}.regras`, asString),
    enfileirados: asNumber(execucao.enfileirados, `${path}.enfileirados`),
    jaEnviados: asNumber(execucao.jaEnviados, `${path}.jaEnviados`),
    semEmail: asNumber(execucao.semEmail, `${path}.semEmail`),
    erros: asNumber(execucao.erros, `${path}.erros`),
    mensagem: asNullableString(execucao.mensagem, `${path}.mensagem`),
  };
}

export function parseAgendador(data: unknown): Agendador {
  const body = asRecord(data, 'agendador');
  return {
    pausado: asBoolean(body.pausado, 'pausado'),
    pausadoEm: asNullableString(body.pausadoEm, 'pausadoEm'),
    pausadoPor: asNullableString(body.pausadoPor, 'pausadoPor'),
    workers: asBoolean(body.workers, 'workers'),
    intervaloMinutos: asNumber(body.intervaloMinutos, 'intervaloMinutos'),
    ultimaVerificacao: asNullableString(body.ultimaVerificacao, 'ultimaVerificacao'),
    proximaVerificacao: asNullableString(body.proximaVerificacao, 'proximaVerificacao'),
    proximaExecucao: asNullableString(body.proximaExecucao, 'proximaExecucao'),
    execucoes: asArray(body.execucoes, 'execucoes', parseExecucao),
  };
}

const agendadorKey = [...notificacoesKey, 'agendador'] as const;

export const agendadorQueryOptions = queryOptions({
  queryKey: agendadorKey,
  queryFn: ({ signal }) => apiFetch('/admin/notificacoes/agendador', { signal, parse: parseAgendador }),
  // The scheduler checks every few minutes: keep "última verificação" current while the tab is open.
  refetchInterval: 60_000,
});

export function useAgendador() {
  return useQuery(agendadorQueryOptions);
}

/** Pausing and resuming answer with the scheduler's new state. */
function useMudarAgendador(acao: 'pausar' | 'retomar') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`/admin/notificacoes/agendador/${acao}`, { method: 'POST', parse: parseAgendador }),
    onSuccess: async (agendador) => {
      queryClient.setQueryData(agendadorKey, agendador);
      // Resuming runs a check at once: the rules' last runs and the logs may have moved.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...notificacoesKey, 'regras'] }),
        queryClient.invalidateQueries({ queryKey: [...notificacoesKey, 'logs'] }),
      ]);
    },
  });
}

export const usePausarAgendador = () => useMudarAgendador('pausar');
export const useRetomarAgendador = () => useMudarAgendador('retomar');

/** "Executar agora": runs the due rules at once and answers when done. */
export function useExecutarAgora() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/admin/notificacoes/executar', {
        method: 'POST',
        parse: (data: unknown) => parseExecucao(asRecord(data, 'resposta').execucao),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificacoesKey }),
  });
}
