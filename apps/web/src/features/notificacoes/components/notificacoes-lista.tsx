import { DIAS_ANTES_PADRAO } from '@laudos/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SkeletonTable, useRevealDelay } from '../../../components/loading';
import { Badge } from '../../../components/ui/badge';
import { DataTable, type DataTableColumn, EmailText } from '../../../components/ui/data-table';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { Pagination } from '../../../components/ui/pagination';
import { rotulosStatusEmail, rotuloTipoEmail, tonsStatusEmail } from '../../../lib/email-labels';
import { formatDateTime, plural } from '../../../lib/format';
import { laudoHref } from '../../../lib/paths';
import { type Notificacao, useNotificacoes } from '../api/notificacoes';

const POR_PAGINA = 100;

/** "90, 60, 30, 15, 7, 3 e 1 dia" */
function diasDosLembretes(): string {
  const dias = [...DIAS_ANTES_PADRAO].sort((a, b) => b - a);
  const ultimo = dias.pop();
  const texto = dias.length > 0 ? `${dias.join(', ')} e ${ultimo}` : String(ultimo);
  return `${texto} ${ultimo === 1 ? 'dia' : 'dias'}`;
}

/**
 * /notificacoes: the e-mails sent about the user's laudos, newest first. `aviso` (the plan leaves
 * the e-mails out) is said above the list.
 */
export function NotificacoesLista({ aviso }: { aviso?: ReactNode } = {}) {
  const [pagina, setPagina] = useState(1);
  const notificacoes = useNotificacoes(pagina, POR_PAGINA);
  const revelando = useRevealDelay(notificacoes.isPending);
  const total = notificacoes.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA));

  useEffect(() => {
    if (notificacoes.data && pagina > paginas) setPagina(paginas);
  }, [notificacoes.data, pagina, paginas]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Notificações</h1>
      <p className="mt-2 text-slate-700">Os avisos e e-mails enviados sobre os seus laudos.</p>

      <div className="mt-6 space-y-4">
        {aviso}
        {notificacoes.isPending || revelando ? (
          <SkeletonTable rows={5} columns={4} label="Carregando notificações..." />
        ) : notificacoes.isError ? (
          <ErrorNotice error={notificacoes.error} onRetry={() => void notificacoes.refetch()} />
        ) : total === 0 ? (
          <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">Nenhuma notificação enviada ainda.</p>
            <p className="mt-2 text-sm text-slate-700">
              Enviamos lembretes por e-mail {diasDosLembretes()} antes do vencimento de cada laudo, e avisos
              depois que ele vence. Eles aparecerão aqui.
            </p>
          </div>
        ) : (
          <>
            <p role="status" className="text-sm text-slate-600">
              {plural(total, 'notificação enviada', 'notificações enviadas')}.
            </p>
            <NotificacoesTabela itens={notificacoes.data.itens} busy={notificacoes.isPlaceholderData} />
            <Pagination
              label="Páginas de notificações"
              pagina={pagina}
              paginas={paginas}
              onChange={setPagina}
            />
          </>
        )}
      </div>
    </div>
  );
}

const colunas: DataTableColumn<Notificacao>[] = [
  {
    header: 'Data',
    className: 'whitespace-nowrap text-slate-700',
    cell: (item) => <time dateTime={item.data}>{formatDateTime(item.data)}</time>,
  },
  { header: 'Laudo', className: 'min-w-48', cell: (item) => <LaudoCelula item={item} /> },
  {
    header: 'Tipo',
    className: 'whitespace-nowrap text-slate-700',
    cell: (item) => rotuloTipoEmail(item.tipo),
  },
  {
    header: 'Assunto',
    className: 'min-w-64 text-slate-900',
    cell: (item) => (
      <>
        {item.assunto}
        <span className="mt-0.5 block text-xs text-slate-600">
          Para: <EmailText email={item.destinatario} />
        </span>
      </>
    ),
  },
  {
    header: 'Situação',
    cell: (item) => <Badge tone={tonsStatusEmail[item.status]}>{rotulosStatusEmail[item.status]}</Badge>,
  },
];

function NotificacoesTabela({ itens, busy }: { itens: Notificacao[]; busy: boolean }) {
  return (
    <DataTable
      caption="Notificações enviadas, da mais recente à mais antiga"
      columns={colunas}
      rows={itens}
      rowKey={(item) => item.id}
      busy={busy}
    />
  );
}

function LaudoCelula({ item }: { item: Notificacao }) {
  if (!item.laudoNome && !item.laudoCodigo) return <span className="text-slate-500">—</span>;
  const nome = item.laudoNome ?? `Laudo ${item.laudoCodigo}`;
  return (
    <>
      {item.laudoId ? (
        <Link to={laudoHref(item.laudoId)} className="font-medium text-brand-700 hover:underline">
          {nome}
        </Link>
      ) : (
        <span className="font-medium text-slate-900">{nome}</span>
      )}
      {item.laudoCodigo ? (
        <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">
          Código {item.laudoCodigo}
        </span>
      ) : null}
    </>
  );
}
