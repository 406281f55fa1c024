import { formatDateBR } from '@laudos/domain';
import { SkeletonText, useRevealDelay } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatDateTime, plural } from '../../../lib/format';
import { errorMessage } from '../../../lib/validation';
import {
  type Agendador,
  type Execucao,
  useAgendador,
  useExecutarAgora,
  usePausarAgendador,
  useRetomarAgendador,
} from '../api/agendador';
import { rotulosOrigem } from './rotulos';
import { Secao } from './secao';

function quando(value: string | null, vazio = '—'): string {
  return value ? formatDateTime(value) : vazio;
}

/** The "Agendador" tab: whether the reminders run, the last runs, and a run on demand. */
export function AgendadorPainel() {
  const agendador = useAgendador();
  const revelando = useRevealDelay(agendador.isPending);
  const pausar = usePausarAgendador();
  const retomar = useRetomarAgendador();
  const executar = useExecutarAgora();
  const { showToast } = useToast();

  function mudar(acao: 'pausar' | 'retomar') {
    const mutation = acao === 'pausar' ? pausar : retomar;
    mutation.mutate(undefined, {
      onSuccess: () =>
        showToast({
          type: 'success',
          title: acao === 'pausar' ? 'Agendador pausado.' : 'Agendador retomado.',
        }),
      onError: (error) =>
        showToast({
          type: 'error',
          title: acao === 'pausar' ? 'Não foi possível pausar' : 'Não foi possível retomar',
          message: errorMessage(error),
        }),
    });
  }

  if (agendador.isPending || revelando) return <SkeletonText lines={2} label="Carregando agendador..." />;
  if (agendador.isError)
    return <ErrorNotice error={agendador.error} onRetry={() => void agendador.refetch()} />;

  const estado = agendador.data;
  const mudando = pausar.isPending || retomar.isPending;

  return (
    <div className="space-y-8">
      <Secao
        titulo="Agendador"
        descricao={`Verifica a cada ${plural(estado.intervaloMinutos, 'minuto', 'minutos')} se alguma regra está na hora de rodar.`}
        acoes={
          <>
            {estado.pausado ? (
              <button
                type="button"
                onClick={() => mudar('retomar')}
                disabled={mudando}
                className={buttonClass('secondary')}
              >
                {retomar.isPending ? 'Retomando...' : 'Retomar'}
              </button>
            ) : (
              <button
                type="button"
                onClick={() => mudar('pausar')}
                disabled={mudando}
                className={buttonClass('secondary')}
              >
                {pausar.isPending ? 'Pausando...' : 'Pausar'}
              </button>
            )}
            <button
              type="button"
              onClick={() => executar.mutate()}
              disabled={executar.isPending}
              aria-busy={executar.isPending || undefined}
              className={buttonClass('primary')}
            >
              {executar.isPending ? 'Executando...' : 'Executar agora'}
            </button>
          </>
        }
      >
        <EstadoAgendador estado={estado} />
        {executar.isSuccess ? <ResultadoExecucao execucao={executar.data} /> : null}
        {executar.isError ? <FormAlert>{errorMessage(executar.error)}</FormAlert> : null}
      </Secao>

      <Secao
        titulo="Últimas execuções"
        descricao="As execuções mais recentes, automáticas ou manuais. Lembretes já enviados não se repetem."
      >
        {estado.execucoes.length === 0 ? (
          <p className="text-sm text-slate-700">Nenhuma execução ainda.</p>
        ) : (
          <Execucoes execucoes={estado.execucoes} />
        )}
      </Secao>
    </div>
  );
}

function EstadoAgendador({ estado }: { estado: Agendador }) {
  return (
    <div className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span className="font-medium text-slate-900">Situação:</span>
        {estado.pausado ? <Badge tone="warning">Pausado</Badge> : <Badge tone="success">Ativo</Badge>}
        {estado.pausado && estado.pausadoEm ? (
          <span>
            desde {formatDateTime(estado.pausadoEm)}
            {estado.pausadoPor ? `, por ${estado.pausadoPor}` : ''}
          </span>
        ) : null}
      </p>
      {estado.workers ? null : (
        <FormAlert tone="info">
          Este servidor roda sem os processos de envio (JOBS=off): nenhuma verificação automática acontece
          aqui.
        </FormAlert>
      )}
      <dl className="grid gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-medium text-slate-600">Última verificação</dt>
          <dd className="mt-1 text-slate-900">{quando(estado.ultimaVerificacao, 'Nenhuma ainda')}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Próxima verificação</dt>
          <dd className="mt-1 text-slate-900">{quando(estado.pausado ? null : estado.proximaVerificacao)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Próxima execução</dt>
          <dd className="mt-1 text-slate-900">
            {quando(estado.proximaExecucao, estado.pausado ? 'Pausado' : 'Nenhuma regra ativa')}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function resumo(execucao: Execucao): string {
  return [
    plural(execucao.enfileirados, 'e-mail enfileirado', 'e-mails enfileirados'),
    plural(execucao.jaEnviados, 'já enviado', 'já enviados'),
    plural(execucao.semEmail, 'laudo sem e-mail', 'laudos sem e-mail'),
    ...(execucao.semPlano > 0
      ? [`${execucao.semPlano.toLocaleString('pt-BR')} sem notificações no plano`]
      : []),
    ...(execucao.respondidos > 0
      ? [plural(execucao.respondidos, 'respondido pelo cliente', 'respondidos pelo cliente')]
      : []),
    ...(execucao.descadastrados > 0
      ? [plural(execucao.descadastrados, 'descadastrado (preferência)', 'descadastrados (preferência)')]
      : []),
    ...(execucao.resumos > 0
      ? [
          `${plural(execucao.resumos, 'resumo', 'resumos')} com ${plural(execucao.laudosEmResumos, 'laudo', 'laudos')}`,
        ]
      : []),
    ...(execucao.escalonamentos > 0
      ? [plural(execucao.escalonamentos, 'escalonamento aos gestores', 'escalonamentos aos gestores')]
      : []),
    ...(execucao.foraDoTipo > 0
      ? [plural(execucao.foraDoTipo, 'laudo fora do tipo das regras', 'laudos fora do tipo das regras')]
      : []),
    ...(execucao.suprimidos > 0
      ? [plural(execucao.suprimidos, 'destinatário suprimido', 'destinatários suprimidos')]
      : []),
    plural(execucao.erros, 'erro', 'erros'),
  ].join(', ');
}

function ResultadoExecucao({ execucao }: { execucao: Execucao }) {
  return (
    <FormAlert tone={execucao.erros > 0 ? 'error' : 'success'}>
      <p className="font-semibold">
        Execução concluída ({formatDateBR(execucao.dataReferencia)}): {resumo(execucao)}.
      </p>
      {execucao.regras.length > 0 ? <p className="mt-1">Regras: {execucao.regras.join(', ')}.</p> : null}
      {execucao.mensagem ? <p className="mt-1">{execucao.mensagem}</p> : null}
    </FormAlert>
  );
}

const numero = 'text-right text-slate-700';

const colunas: DataTableColumn<Execucao>[] = [
  {
    header: 'Início',
    className: 'whitespace-nowrap text-slate-900',
    cell: (execucao) => (
      <>
        {formatDateTime(execucao.inicio)}
        {execucao.fim ? null : (
          <span className="mt-1 block">
            <Badge tone="warning">Em andamento ou interrompida</Badge>
          </span>
        )}
      </>
    ),
  },
  {
    header: 'Origem',
    fold: true,
    className: 'whitespace-nowrap text-slate-700',
    cell: (execucao) => rotulosOrigem[execucao.origem],
  },
  {
    header: 'Data de referência',
    fold: true,
    className: 'whitespace-nowrap text-slate-700',
    cell: (execucao) => formatDateBR(execucao.dataReferencia),
  },
  {
    header: 'Enfileirados',
    className: 'text-right text-slate-900',
    cell: (execucao) => execucao.enfileirados.toLocaleString('pt-BR'),
  },
  {
    header: 'Já enviados',
    fold: true,
    className: numero,
    cell: (execucao) => execucao.jaEnviados.toLocaleString('pt-BR'),
  },
  {
    header: 'Sem e-mail',
    fold: true,
    className: numero,
    cell: (execucao) => execucao.semEmail.toLocaleString('pt-BR'),
  },
  {
    header: 'Sem notificações no plano',
    fold: true,
    className: numero,
    cell: (execucao) => execucao.semPlano.toLocaleString('pt-BR'),
  },
  {
    header: 'Respondidos',
    fold: true,
    className: numero,
    cell: (execucao) => execucao.respondidos.toLocaleString('pt-BR'),
  },
  {
    header: 'Resumos (laudos)',
    fold: true,
    className: numero,
    cell: (execucao) =>
      `${execucao.resumos.toLocaleString('pt-BR')} (${execucao.laudosEmResumos.toLocaleString('pt-BR')})`,
  },
  {
    header: 'Escalonamentos',
    fold: true,
    className: numero,
    cell: (execucao) => execucao.escalonamentos.toLocaleString('pt-BR'),
  },
  {
    header: 'Fora do tipo',
    fold: true,
    className: numero,
    cell: (execucao) => execucao.foraDoTipo.toLocaleString('pt-BR'),
  },
  {
    header: 'Erros',
    className: (execucao) => (execucao.erros > 0 ? 'text-right font-semibold text-red-700' : numero),
    cell: (execucao) => execucao.erros.toLocaleString('pt-BR'),
  },
  {
    header: 'Mensagem',
    className: 'min-w-56 text-slate-700',
    cell: (execucao) =>
      execucao.mensagem ?? (execucao.regras.length > 0 ? `Regras: ${execucao.regras.join(', ')}` : '—'),
  },
];

function Execucoes({ execucoes }: { execucoes: Execucao[] }) {
  return (
    <DataTable
      caption="Últimas execuções, da mais recente à mais antiga"
      columns={colunas}
      rows={execucoes}
      rowKey={(execucao) => execucao.id}
    />
  );
}
