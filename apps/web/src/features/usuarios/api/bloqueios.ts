import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { asArray, asBoolean, asNumber, asRecord, asString } from '../../../lib/parse';
import { usuariosKey } from './usuario';

/** A user's wrong sign-in attempts in the last 15 minutes (GET /api/admin/usuarios/:id/bloqueios). */
export type BloqueiosAcesso = {
  /** Per IP address; `bloqueado` once that address reached the limit, until `ate`. */
  enderecos: { ip: string; falhas: number; bloqueado: boolean; ate: string }[];
  /** From every address; `lenta` past the ceiling: one attempt per `intervaloSegundos`. */
  conta: { falhas: number; lenta: boolean; ate: string } | null;
  limites: { porEndereco: number; porConta: number; intervaloSegundos: number };
};

export function parseBloqueios(data: unknown): BloqueiosAcesso {
  const body = asRecord(data, 'resposta');
  const conta = body.conta === null || body.conta === undefined ? null : asRecord(body.conta, 'conta');
  const limites = asRecord(body.limites, 'limites');
  return {
    enderecos: asArray(body.enderecos, 'enderecos', (value, path) => {
      const e = asRecord(value, path);
      return {
        ip: asString(e.ip, `${path}.ip`),
        falhas: asNumber(e.falhas, `${path}.falhas`),
        bloqueado: asBoolean(e.bloqueado, `${path}.bloqueado`),
        ate: asString(e.ate, `${path}.ate`),
      };
    }),
    conta: conta
      ? {
          falhas: asNumber(conta.falhas, 'conta.falhas'),
          lenta: asBoolean(conta.lenta, 'conta.lenta'),
          ate: asString(conta.ate, 'conta.ate'),
        }
      : null,
    limites: {
      porEndereco: asNumber(limites.porEndereco, 'limites.porEndereco'),
      porConta: asNumber(limites.porConta, 'limites.porConta'),
      intervaloSegundos: asNumber(limites.intervaloSegundos, 'limites.intervaloSegundos'),
    },
  };
}

export function buscarBloqueios(id: string, signal?: AbortSignal): Promise<BloqueiosAcesso> {
  return apiFetch(`/admin/usuarios/${encodeURIComponent(id)}/bloqueios`, {
    parse: parseBloqueios,
    ...(signal ? { signal } : {}),
  });
}

export function bloqueiosQueryOptions(id: string) {
  return queryOptions({
    // Under usuariosKey, so "Liberar acesso" (a user mutation) refreshes it.
    queryKey: [...usuariosKey, 'bloqueios', id],
    queryFn: ({ signal }) => buscarBloqueios(id, signal),
  });
}

export function useBloqueios(id: string) {
  return useQuery(bloqueiosQueryOptions(id));
}
