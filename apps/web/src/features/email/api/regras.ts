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

/** Reminders before expiry | notices after it | the monthly report. */
export type TipoNotificacao = 'vencendo' | 'vencido' | 'relatorio_mensal';
export const tiposNotificacao: readonly TipoNotificacao[] = ['vencendo', 'vencido', 'relatorio_mensal'];

/** monthly = the 1st day of the month. */
export type Frequencia = 'daily' | 'weekly' | 'monthly';

/** A notification rule (GET /api/admin/notificacoes/regras). */
export type Regra = {
  id: string;
  name: string;
  kind: TipoNotificacao;
  /** null: the template is chosen by the number of days (spec section 9). */
  templateType: string | null;
  daysBefore: number[];
  daysAfter: number[];
  enabled: boolean;
  /** 'HH:MM' in the firm's time zone. */
  runTime: string;
  frequency: Frequencia;
  /** 0 = domingo … 6 = sábado; used when weekly. */
  weekday: number;
  lastRunDate: string | null;
  lastRunAt: string | null;
  /** null when disabled. */
  nextRunAt: string | null;
  updatedAt: string;
};

export type AlteracaoRegra = Partial<
  Pick<
    Regra,
    'name' | 'enabled' | 'daysBefore' | 'daysAfter' | 'templateType' | 'runTime' | 'frequency' | 'weekday'
  >
>;

const asDia = (value: unknown, path: string) => asNumber(value, path);

export function parseRegra(value: unknown, path = 'regra'): Regra {
  const regra = asRecord(value, path);
  return {
    id: asString(regra.id, `${path}.id`),
    name: asString(regra.name, `${path}.name`),
    kind: asEnum(regra.kind, `${path}.kind`, tiposNotificacao),
    templateType: asNullableString(regra.templateType, `${path}.templateType`),
    daysBefore: asArray(regra.daysBefore ?? [], `${path}.daysBefore`, asDia),
    daysAfter: asArray(regra.daysAfter ?? [], `${path}.daysAfter`, asDia),
    enabled: asBoolean(regra.enabled, `${path}.enabled`),
    runTime: asString(regra.runTime, `${path}.runTime`),
    frequency: asEnum(regra.frequency, `${path}.frequency`, ['daily', 'weekly', 'monthly'] as const),
    weekday: asNumber(regra.weekday, `${path}.weekday`),
    lastRunDate: asNullableString(regra.lastRunDate, `${path}.lastRunDate`),
    lastRunAt: asNullableString(regra.lastRunAt, `${path}.lastRunAt`),
    nextRunAt: asNullableString(regra.nextRunAt, `${path}.nextRunAt`),
    updatedAt: asString(regra.updatedAt, `${path}.updatedAt`),
  };
}

export const regrasQueryOptions = queryOptions({
  queryKey: [...notificacoesKey, 'regras'],
  queryFn: ({ signal }) =>
    apiFetch('/admin/notificacoes/regras', {
      signal,
      parse: (data: unknown) => asArray(asRecord(data, 'resposta').regras, 'regras', parseRegra),
    }),
});

export function useRegras() {
  return useQuery(regrasQueryOptions);
}

/** PATCH /api/admin/notificacoes/regras/:id with the fields that change. */
export function alterarRegra({ id, ...changes }: AlteracaoRegra & { id: string }): Promise<Regra> {
  return apiFetch(`/admin/notificacoes/regras/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    parse: (data: unknown) => parseRegra(asRecord(data, 'resposta').regra),
  });
}

export function useAlterarRegra() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarRegra,
    // The scheduler's next run depends on the rules too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificacoesKey }),
  });
}
