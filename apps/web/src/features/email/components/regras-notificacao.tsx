import { useState } from 'react';
import { useToast } from '../../../components/toast';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { Switch } from '../../../components/ui/switch';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/validation';
import { type Regra, useAlterarRegra, useRegras } from '../api/regras';
import { RegraFormDialog } from './regra-form-dialog';
import { diasDaRegra, rotuloFrequencia, rotuloModelo, rotulosTipoNotificacao } from './rotulos';
import { Secao, Tabela, td } from './tabela';

const colunas = [
  'Regra',
  'Tipo',
  'Dias',
  'Modelo',
  'Horário',
  'Frequência',
  'Situação',
  'Última execução',
  'Próxima execução',
  'Ações',
] as const;

/** The "Regras" tab: when each kind of reminder goes out. */
export function RegrasNotificacao() {
  const regras = useRegras();
  const alterar = useAlterarRegra();
  const { showToast } = useToast();
  const [editando, setEditando] = useState<Regra | null>(null);

  function alternar(regra: Regra) {
    alterar.mutate(
      { id: regra.id, enabled: !regra.enabled },
      {
        onSuccess: (salva) =>
          showToast({
            type: 'success',
            title: salva.enabled ? `Regra ${salva.name} ativada.` : `Regra ${salva.name} desativada.`,
          }),
        onError: (error) =>
          showToast({
            type: 'error',
            title: 'Não foi possível alterar a regra',
            message: errorMessage(error),
          }),
      },
    );
  }

  return (
    <Secao
      titulo="Regras de envio"
      descricao="Quando cada aviso sai: os dias em relação ao vencimento, o modelo usado e o horário (no fuso da empresa)."
    >
      {regras.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Carregando regras...
        </p>
      ) : regras.isError ? (
        <ErrorNotice error={regras.error} onRetry={() => void regras.refetch()} />
      ) : regras.data.length === 0 ? (
        <p className="text-sm text-slate-700">Nenhuma regra cadastrada.</p>
      ) : (
        <Tabela caption="Regras de notificação" colunas={colunas}>
          {regras.data.map((regra) => (
            <tr key={regra.id}>
              <th scope="row" className={`${td} min-w-48 text-left font-semibold text-slate-900`}>
                {regra.name}
              </th>
              <td className={`${td} whitespace-nowrap text-slate-700`}>
                {rotulosTipoNotificacao[regra.kind]}
              </td>
              <td className={`${td} min-w-40 text-slate-700`}>{diasDaRegra(regra) ?? '—'}</td>
              <td className={`${td} min-w-40 text-slate-700`}>{rotuloModelo(regra.templateType)}</td>
              <td className={`${td} whitespace-nowrap text-slate-700`}>{regra.runTime}</td>
              <td className={`${td} whitespace-nowrap text-slate-700`}>{rotuloFrequencia(regra)}</td>
              <td className={td}>
                <Switch
                  checked={regra.enabled}
                  disabled={alterar.isPending && alterar.variables?.id === regra.id}
                  onToggle={() => alternar(regra)}
                  label="Ativa"
                  detail={`regra ${regra.name}`}
                />
              </td>
              <td className={`${td} whitespace-nowrap text-slate-700`}>
                {regra.lastRunAt ? (
                  formatDateTime(regra.lastRunAt)
                ) : (
                  <span className="text-slate-500">Nunca</span>
                )}
              </td>
              <td className={`${td} whitespace-nowrap text-slate-700`}>
                {regra.nextRunAt ? (
                  formatDateTime(regra.nextRunAt)
                ) : (
                  <span className="text-slate-500">{regra.enabled ? '—' : 'Desativada'}</span>
                )}
              </td>
              <td className={td}>
                <button
                  type="button"
                  onClick={() => setEditando(regra)}
                  className="rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50"
                >
                  Editar <span className="sr-only">regra {regra.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </Tabela>
      )}
      <RegraFormDialog regra={editando} onClose={() => setEditando(null)} />
    </Secao>
  );
}
