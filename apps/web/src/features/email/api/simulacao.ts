import { useMutation } from '@tanstack/react-query';
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
import { type TipoNotificacao, tiposNotificacao } from './regras';

/** One e-mail a run on that date would send. */
export type ItemSimulacao = {
  laudoId: string | null;
  laudoNome: string | null;
  laudoCodigo: string | null;
  cliente: string | null;
  destinatario: string;
  destinatarioNome: string | null;
  tipo: TipoNotificacao;
  /** Days before (vencendo) or after (vencido) expiry; 0 for the report. */
  dias: number;
  templateType: string;
  assunto: string;
  regra: string;
  /** A real run would skip it. */
  jaEnviado: boolean;
};

export type Simulacao = { data: string; itens: ItemSimulacao[]; semEmail: number };

function parseItem(value: unknown, path: string): ItemSimulacao {
  const item = asRecord(value, path);
  return {
    laudoId: asNullableString(item.laudoId, `${path}.laudoId`),
    laudoNome: asNullableString(item.laudoNome, `${path}.laudoNome`),
    laudoCodigo: asNullableString(item.laudoCodigo, `${path}.laudoCodigo`),
    cliente: asNullableString(item.cliente, `${path}.cliente`),
    destinatario: asString(item.destinatario, `${path}.destinatario`),
    destinatarioNome: asNullableString(item.destinatarioNome, `${path}.destinatarioNome`),
    tipo: asEnum(item.tipo, `${path}.tipo`, tiposNotificacao),
    dias: asNumber(item.dias, `${path}.dias`),
    templateType: asString(item.templateType, `${path}.templateType`),
    assunto: asString(item.assunto, `${path}.assunto`),
    regra: asString(item.regra, `${path}.regra`),
    jaEnviado: asBoolean(item.jaEnviado, `${path}.jaEnviado`),
  };
}

export function parseSimulacao(data: unknown): Simulacao {
  const body = asRecord(data, 'simulacao');
  return {
    data: asString(body.data, 'data'),
    itens: asArray(body.itens, 'itens', parseItem),
    semEmail: asNumber(body.semEmail, 'semEmail'),
  };
}

/** POST /api/admin/notificacoes/simular: what a run on `data` would send. Nothing is sent. */
export function simularEnvio(data: string): Promise<Simulacao> {
  return apiFetch('/admin/notificacoes/simular', { method: 'POST', body: { data }, parse: parseSimulacao });
}

export function useSimularEnvio() {
  return useMutation({ mutationFn: simularEnvio });
}
