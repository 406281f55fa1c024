import { formatDateBR } from '@laudos/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SkeletonTable, useRevealDelay } from '../../../components/loading';
import { Badge } from '../../../components/ui/badge';
import { DataTable, type DataTableColumn, EmailText } from '../../../components/ui/data-table';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SelectField, TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { rotulosStatusEmail, tonsStatusEmail } from '../../../lib/email-labels';
import { formatDateTime, plural } from '../../../lib/format';
import { laudoHref } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { type LogsFiltro, type NotificacaoLog, statusLog, useLogsNotificacao } from '../api/logs';
import { type TipoNotificacao, tiposNotificacao } from '../api/regras';
import { rotuloDiasRestantes, rotulosTipoNotificacao } from './rotulos';
import { Secao } from './secao';

const POR_PAGINA = 50;

/** The "Registros" tab: every reminder the scheduler queued, with its outcome. */
export function RegistrosNotificacao() {
  const [status, setStatus] = useState<LogsFiltro['status']>('');
  const [tipo, setTipo] = useState<LogsFiltro['tipo']>('');
  const [busca, setBusca] = useState('');
  const [de, setDe] = useState('');
  const [ate, setAte] = useState('');
  const [pagina, setPagina] = useState(1);
  const buscaAtiva = useDebouncedValue(busca, 300);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts again from the first page
  useEffect(() => setPagina(1), [status, tipo, buscaAtiva, de, ate]);

  const logs = useLogsNotificacao({
    status,
    tipo,
    busca: buscaAtiva,
    de,
    ate,
    pagina,
    porPagina: POR_PAGINA,
  });
  const revelando = useRevealDelay(logs.isPending);
  const total = logs.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA));
  const semFiltro = !status && !tipo && !buscaAtiva.trim() && !de && !ate;

  return (
    <Secao titulo="Registros de notificação" descricao="Os avisos de vencimento enfileirados pelo agendador.">
      <search className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <SelectField
          label="Situação"
          name="filtroStatus"
          value={status}
          onChange={(event) => setStatus(event.target.value as LogsFiltro['status'])}
        >
          <option value="">Todas</option>
          {statusLog.map((valor) => (
            <option key={valor} value={valor}>
              {rotulosStatusEmail[valor]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Tipo"
          name="filtroTipo"
          value={tipo}
          onChange={(event) => setTipo(event.target.value as TipoNotificacao | '')}
        >
          <option value="">Todos</option>
          {tiposNotificacao.map((valor) => (
            <option key={valor} value={valor}>
              {rotulosTipoNotificacao[valor]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Buscar"
          type="search"
          name="busca"
          placeholder="Laudo, código ou e-mail"
          value={busca}
          onChange={(event) => setBusca(event.target.value)}
        />
        <TextField
          label="De"
          type="date"
          name="de"
          value={de}
          onChange={(event) => setDe(event.target.value)}
        />
        <TextField
          label="Até"
          type="date"
          name="ate"
          value={ate}
          onChange={(event) => setAte(event.target.value)}
        />
      </search>

      {logs.isPending || revelando ? (
        <SkeletonTable rows={4} columns={4} label="Carregando registros..." />
      ) : logs.isError ? (
        <ErrorNotice error={logs.error} onRetry={() => void logs.refetch()} />
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600">
            {total === 0
              ? semFiltro
                ? 'Nenhuma notificação registrada ainda.'
                : 'Nenhum registro encontrado com esses filtros.'
              : `${plural(total, 'registro encontrado', 'registros encontrados')}.`}
          </p>
          <DataTable
            caption="Registros de notificação"
            columns={colunas}
            rows={logs.data.logs}
            rowKey={(log) => log.id}
            busy={logs.isPlaceholderData}
          />
          <Pagination label="Páginas de registros" pagina={pagina} paginas={paginas} onChange={setPagina} />
        </>
      )}
    </Secao>
  );
}

const colunas: DataTableColumn<NotificacaoLog>[] = [
  {
    header: 'Data agendada',
    className: 'whitespace-nowrap text-slate-900',
    cell: (log) => (log.scheduledDate ? formatDateBR(log.scheduledDate) : formatDateTime(log.createdAt)),
  },
  {
    header: 'Laudo',
    rowHeader: true,
    className: 'min-w-48 text-left font-normal',
    cell: (log) => <LaudoDoLog log={log} />,
  },
  {
    header: 'Destinatário',
    className: 'text-slate-700',
    cell: (log) => (
      <>
        {log.recipientName ? <span className="block text-slate-900">{log.recipientName}</span> : null}
        <EmailText email={log.recipientEmail} />
      </>
    ),
  },
  {
    header: 'Tipo',
    fold: true,
    className: 'whitespace-nowrap text-slate-700',
    cell: (log) => rotulosTipoNotificacao[log.notificationType],
  },
  {
    header: 'Prazo',
    fold: true,
    className: 'whitespace-nowrap text-slate-700',
    cell: (log) => (log.notificationType === 'relatorio_mensal' ? '—' : rotuloDiasRestantes(log.daysBefore)),
  },
  { header: 'Regra', fold: true, className: 'text-slate-700', cell: (log) => log.ruleName ?? '—' },
  {
    header: 'Situação',
    className: 'min-w-36',
    cell: (log) => (
      <>
        <Badge tone={tonsStatusEmail[log.status]}>{rotulosStatusEmail[log.status]}</Badge>
        {log.errorMessage ? (
          <span className="mt-1 block text-xs text-red-700">{log.errorMessage}</span>
        ) : null}
      </>
    ),
  },
  {
    header: 'Enviado em',
    className: 'whitespace-nowrap text-slate-700',
    cell: (log) => (log.sentAt ? formatDateTime(log.sentAt) : '—'),
  },
];

function LaudoDoLog({ log }: { log: NotificacaoLog }) {
  const nome = log.laudoName ?? (log.notificationType === 'relatorio_mensal' ? 'Relatório mensal' : '—');
  return (
    <>
      {log.laudoId && log.laudoName ? (
        <Link to={laudoHref(log.laudoId)} className="font-medium text-brand-700 hover:underline">
          {log.laudoName}
        </Link>
      ) : (
        <span className="font-medium text-slate-900">{nome}</span>
      )}
      {log.laudoCode ? (
        <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">Código {log.laudoCode}</span>
      ) : null}
    </>
  );
}
