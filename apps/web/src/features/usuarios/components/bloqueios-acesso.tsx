import { useId } from 'react';
import { SkeletonTable, useRevealDelay } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatDateTime, plural } from '../../../lib/format';
import { errorMessage } from '../../../lib/validation';
import { type BloqueiosAcesso as Bloqueios, useBloqueios } from '../api/bloqueios';
import { useLiberarAcesso } from '../api/mutations';
import type { Usuario } from '../api/usuario';

/**
 * The user's wrong sign-in attempts, on the user's screen: which addresses are blocked and until
 * when, whether the account is slowed, and "Liberar acesso" to clear them (decision 012).
 */
export function BloqueiosAcesso({ usuario }: { usuario: Usuario }) {
  const headingId = useId();
  const bloqueios = useBloqueios(usuario.id);
  const revelando = useRevealDelay(bloqueios.isPending);
  return (
    <section aria-labelledby={headingId} className="mt-6 space-y-3 border-t border-slate-200 pt-5">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Bloqueios de acesso
      </h3>
      {bloqueios.isPending || revelando ? (
        <SkeletonTable rows={4} columns={4} label="Carregando bloqueios..." />
      ) : bloqueios.isError ? (
        <ErrorNotice error={bloqueios.error} onRetry={() => void bloqueios.refetch()} />
      ) : (
        <Detalhes usuario={usuario} bloqueios={bloqueios.data} />
      )}
    </section>
  );
}

function Detalhes({ usuario, bloqueios }: { usuario: Usuario; bloqueios: Bloqueios }) {
  const { showToast } = useToast();
  const liberar = useLiberarAcesso();
  const { enderecos, conta, limites } = bloqueios;

  if (enderecos.length === 0 && !conta) {
    return (
      <p className="text-sm text-slate-600">Nenhuma tentativa de entrada errada nos últimos 15 minutos.</p>
    );
  }

  const th = 'px-3 py-2 text-left font-semibold text-slate-900 whitespace-nowrap';
  const td = 'px-3 py-2 align-top text-slate-700';
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        Tentativas de entrada com senha errada nos últimos 15 minutos. Depois de {limites.porEndereco}, o
        endereço IP fica bloqueado para esta conta até a hora indicada; os outros endereços continuam
        entrando.
      </p>
      {conta ? (
        conta.lenta ? (
          <FormAlert tone="info">
            Conta em ritmo lento: {plural(conta.falhas, 'tentativa errada', 'tentativas erradas')} de todos os
            endereços. Até {formatDateTime(conta.ate)}, aceita uma tentativa a cada{' '}
            {limites.intervaloSegundos} segundos, exceto dos endereços de onde {usuario.nome} entrou
            recentemente.
          </FormAlert>
        ) : (
          <p className="text-sm text-slate-700">
            No total: {plural(conta.falhas, 'tentativa errada', 'tentativas erradas')} (a conta fica em ritmo
            lento a partir de {limites.porConta}).
          </p>
        )
      ) : null}
      {enderecos.length > 0 ? (
        <div className="relative overflow-x-auto rounded-lg ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Tentativas erradas por endereço IP</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={th}>
                  Endereço IP
                </th>
                <th scope="col" className={th}>
                  Tentativas erradas
                </th>
                <th scope="col" className={th}>
                  Situação
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {enderecos.map((e) => (
                <tr key={e.ip}>
                  <th scope="row" className={`${td} font-mono font-normal whitespace-nowrap`}>
                    {e.ip}
                  </th>
                  <td className={td}>{e.falhas}</td>
                  <td className={td}>
                    {e.bloqueado ? <Badge tone="danger">Bloqueado</Badge> : 'Não bloqueado'}
                    <span className="block text-xs text-slate-600">
                      {e.bloqueado ? 'até' : 'zera em'} {formatDateTime(e.ate)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {liberar.isError ? <FormAlert>{errorMessage(liberar.error)}</FormAlert> : null}
      <button
        type="button"
        disabled={liberar.isPending}
        className={buttonClass('secondary', 'sm')}
        onClick={() =>
          liberar.mutate(usuario.id, {
            onSuccess: () => showToast({ type: 'success', title: `Acesso de ${usuario.nome} liberado.` }),
          })
        }
      >
        {liberar.isPending ? 'Liberando...' : 'Liberar acesso'}
      </button>
    </div>
  );
}
