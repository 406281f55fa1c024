import { useState } from 'react';
import { SkeletonTable, useRevealDelay } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { Switch } from '../../../components/ui/switch';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/validation';
import { type Regra, useAlterarRegra, useCriarRegra, useRegras } from '../api/regras';
import { useTiposLaudo } from '../api/tipos-laudo';
import { RegraFormDialog } from './regra-form-dialog';
import { diasDaRegra, rotuloFrequencia, rotuloModelo, rotulosTipoNotificacao } from './rotulos';
import { Secao } from './secao';

/** The "Regras" tab: when each kind of reminder goes out. */
export function RegrasNotificacao() {
  const regras = useRegras();
  const revelando = useRevealDelay(regras.isPending);
  const alterar = useAlterarRegra();
  const { showToast } = useToast();
  const [editando, setEditando] = useState<Regra | null>(null);
  const criar = useCriarRegra();

  function nova(kind: 'vencendo' | 'vencido') {
    criar.mutate(kind, {
      // Created disabled: the admin sets its types and days in the dialog, then turns it on.
      onSuccess: (regra) => setEditando(regra),
      onError: (error) =>
        showToast({ type: 'error', title: 'Não foi possível criar a regra', message: errorMessage(error) }),
    });
  }

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

  const colunas: DataTableColumn<Regra>[] = [
    {
      header: 'Regra',
      rowHeader: true,
      className: 'min-w-48 font-semibold text-slate-900',
      cell: (regra) => regra.name,
    },
    {
      header: 'Tipo',
      fold: true,
      className: 'whitespace-nowrap text-slate-700',
      cell: (regra) => rotulosTipoNotificacao[regra.kind],
    },
    { header: 'Dias', className: 'min-w-32 text-slate-700', cell: (regra) => diasDaRegra(regra) ?? '—' },
    {
      header: 'Tipos de laudo',
      fold: true,
      className: 'min-w-32 text-slate-700',
      cell: (regra) =>
        regra.kind === 'relatorio_mensal' ? '—' : regra.tipos.length === 0 ? 'Todos' : regra.tipos.join(', '),
    },
    {
      header: 'Envio',
      fold: true,
      className: 'min-w-32 text-slate-700',
      cell: (regra) => (regra.resumo ? 'Um e-mail por destinatário' : 'Um e-mail por laudo'),
    },
    {
      header: 'Modelo',
      fold: true,
      className: 'min-w-40 text-slate-700',
      cell: (regra) => rotuloModelo(regra.templateType),
    },
    {
      header: 'Horário',
      fold: true,
      className: 'whitespace-nowrap text-slate-700',
      cell: (regra) => regra.runTime,
    },
    {
      header: 'Frequência',
      fold: true,
      className: 'whitespace-nowrap text-slate-700',
      cell: (regra) => rotuloFrequencia(regra),
    },
    {
      header: 'Situação',
      cell: (regra) => (
        <Switch
          checked={regra.enabled}
          disabled={alterar.isPending && alterar.variables?.id === regra.id}
          onToggle={() => alternar(regra)}
          label="Ativa"
          detail={`regra ${regra.name}`}
        />
      ),
    },
    {
      header: 'Última execução',
      className: 'whitespace-nowrap text-slate-700',
      cell: (regra) =>
        regra.lastRunAt ? formatDateTime(regra.lastRunAt) : <span className="text-slate-500">Nunca</span>,
    },
    {
      header: 'Próxima execução',
      className: 'whitespace-nowrap text-slate-700',
      cell: (regra) =>
        regra.nextRunAt ? (
          formatDateTime(regra.nextRunAt)
        ) : (
          <span className="text-slate-500">{regra.enabled ? '—' : 'Desativada'}</span>
        ),
    },
    {
      header: 'Ações',
      cell: (regra) => (
        <button
          type="button"
          onClick={() => setEditando(regra)}
          className="rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50"
        >
          Editar <span className="sr-only">regra {regra.name}</span>
        </button>
      ),
    },
  ];

  return (
    <Secao
      titulo="Regras de envio"
      descricao="Quando cada aviso sai: os dias em relação ao vencimento, o modelo usado e o horário (no fuso da empresa)."
    >
      {regras.isPending || revelando ? (
        <SkeletonTable rows={4} columns={4} label="Carregando regras..." />
      ) : regras.isError ? (
        <ErrorNotice error={regras.error} onRetry={() => void regras.refetch()} />
      ) : (
        <DataTable
          caption="Regras de notificação"
          columns={colunas}
          rows={regras.data}
          rowKey={(regra) => regra.id}
          empty="Nenhuma regra cadastrada."
        />
      )}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <button
          type="button"
          disabled={criar.isPending}
          onClick={() => nova('vencendo')}
          className={buttonClass('secondary')}
        >
          Nova regra antes do vencimento
        </button>
        <button
          type="button"
          disabled={criar.isPending}
          onClick={() => nova('vencido')}
          className={buttonClass('secondary')}
        >
          Nova regra após o vencimento
        </button>
      </div>
      {regras.data ? <RegrasPorTipo regras={regras.data} /> : null}
      <RegraFormDialog regra={editando} onClose={() => setEditando(null)} />
    </Secao>
  );
}

type LinhaPorTipo = { tipo: string; regras: Regra[] };

/** "Regras por tipo": for each laudo type, the enabled reminder rules that reach it. */
function RegrasPorTipo({ regras }: { regras: Regra[] }) {
  const tipos = useTiposLaudo();
  if (!tipos.data) return null;
  const lembretes = regras.filter((r) => r.enabled && r.kind !== 'relatorio_mensal');
  const linhas: LinhaPorTipo[] = tipos.data.map((t) => ({
    tipo: t.nome,
    regras: lembretes.filter((r) => r.tipos.length === 0 || r.tipos.includes(t.nome)),
  }));
  const colunas: DataTableColumn<LinhaPorTipo>[] = [
    {
      header: 'Tipo de laudo',
      rowHeader: true,
      className: 'min-w-32 font-semibold text-slate-900',
      cell: (linha) => linha.tipo,
    },
    {
      header: 'Regras que se aplicam',
      className: 'min-w-48 text-slate-700',
      cell: (linha) =>
        linha.regras.length === 0 ? (
          <span className="text-red-700">Nenhuma: laudos deste tipo não recebem lembretes.</span>
        ) : (
          <ul className="space-y-1">
            {linha.regras.map((r) => (
              <li key={r.id}>
                {r.name}: {diasDaRegra(r)}
              </li>
            ))}
          </ul>
        ),
    },
  ];
  // A disclosure: secondary to the rules above, and each rule's name would otherwise appear twice.
  return (
    <details className="mt-6 space-y-2">
      <summary className="cursor-pointer text-base font-semibold text-slate-900">Regras por tipo</summary>
      <DataTable
        caption="Regras por tipo de laudo"
        columns={colunas}
        rows={linhas}
        rowKey={(linha) => linha.tipo}
        empty="Nenhum tipo de laudo cadastrado."
      />
    </details>
  );
}
