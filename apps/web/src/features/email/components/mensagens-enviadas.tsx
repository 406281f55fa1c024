import { useEffect, useState } from 'react';
import { SkeletonTable, SkeletonText, useRevealDelay } from '../../../components/loading';
import { Badge } from '../../../components/ui/badge';
import { DataTable, type DataTableColumn, EmailText } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SelectField, TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { rotulosStatusEmail, rotuloTipoEmail, statusEmail, tonsStatusEmail } from '../../../lib/email-labels';
import { formatDateTime, plural } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { type Mensagem, type MensagensFiltro, useMensagem, useMensagens } from '../api/mensagens';
import { EmailFrame } from './email-frame';
import { rotuloProvedor } from './rotulos';
import { Secao } from './secao';

const POR_PAGINA = 50;

/** Every e-mail the system sent or has queued, newest first. */
export function MensagensEnviadas() {
  const [status, setStatus] = useState<MensagensFiltro['status']>('');
  const [busca, setBusca] = useState('');
  const [pagina, setPagina] = useState(1);
  const [aberta, setAberta] = useState<Mensagem | null>(null);
  const buscaAtiva = useDebouncedValue(busca, 300);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts again from the first page
  useEffect(() => setPagina(1), [status, buscaAtiva]);

  const mensagens = useMensagens({ status, busca: buscaAtiva, pagina, porPagina: POR_PAGINA });
  const revelando = useRevealDelay(mensagens.isPending);
  const total = mensagens.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA));

  const colunas: DataTableColumn<Mensagem>[] = [
    {
      header: 'Data',
      className: 'whitespace-nowrap text-slate-700',
      cell: (mensagem) => formatDateTime(mensagem.sentAt ?? mensagem.createdAt),
    },
    {
      header: 'Destinatário',
      className: 'text-slate-700',
      cell: (mensagem) => (
        <>
          {mensagem.recipientName ? (
            <span className="block text-slate-900">{mensagem.recipientName}</span>
          ) : null}
          <EmailText email={mensagem.recipientEmail} />
        </>
      ),
    },
    {
      header: 'Assunto',
      rowHeader: true,
      className: 'min-w-56 text-left font-normal text-slate-900',
      cell: (mensagem) => mensagem.subject,
    },
    {
      header: 'Tipo',
      fold: true,
      className: 'whitespace-nowrap text-slate-700',
      cell: (mensagem) => (mensagem.templateType ? rotuloTipoEmail(mensagem.templateType) : '—'),
    },
    {
      header: 'Provedor',
      fold: true,
      className: 'whitespace-nowrap text-slate-700',
      cell: (mensagem) => rotuloProvedor(mensagem.provider),
    },
    {
      header: 'Situação',
      className: 'min-w-36',
      cell: (mensagem) => (
        <>
          <Badge tone={tonsStatusEmail[mensagem.status]}>{rotulosStatusEmail[mensagem.status]}</Badge>
          {mensagem.attempts > 1 ? (
            <span className="mt-1 block text-xs text-slate-600">
              {plural(mensagem.attempts, 'tentativa', 'tentativas')}
            </span>
          ) : null}
          {mensagem.errorMessage ? (
            <span className="mt-1 block text-xs text-red-700">{mensagem.errorMessage}</span>
          ) : null}
        </>
      ),
    },
    {
      header: 'Ações',
      cell: (mensagem) => (
        <button
          type="button"
          onClick={() => setAberta(mensagem)}
          className="rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50"
        >
          Ver <span className="sr-only">mensagem {mensagem.subject}</span>
        </button>
      ),
    },
  ];

  return (
    <Secao
      titulo="Mensagens enviadas"
      descricao="A caixa de saída: os e-mails na fila, os enviados e os que falharam."
    >
      <search className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField
          label="Situação"
          name="filtroStatus"
          value={status}
          onChange={(event) => setStatus(event.target.value as MensagensFiltro['status'])}
        >
          <option value="">Todas</option>
          {statusEmail.map((valor) => (
            <option key={valor} value={valor}>
              {rotulosStatusEmail[valor]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Buscar"
          type="search"
          name="busca"
          placeholder="Destinatário ou assunto"
          value={busca}
          onChange={(event) => setBusca(event.target.value)}
        />
      </search>

      {mensagens.isPending || revelando ? (
        <SkeletonTable rows={4} columns={4} label="Carregando mensagens..." />
      ) : mensagens.isError ? (
        <ErrorNotice error={mensagens.error} onRetry={() => void mensagens.refetch()} />
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600">
            {total === 0
              ? 'Nenhuma mensagem encontrada.'
              : `${plural(total, 'mensagem encontrada', 'mensagens encontradas')}.`}
          </p>
          <DataTable
            caption="Mensagens, da mais recente à mais antiga"
            columns={colunas}
            rows={mensagens.data.mensagens}
            rowKey={(mensagem) => mensagem.id}
            busy={mensagens.isPlaceholderData}
          />
          <Pagination label="Páginas de mensagens" pagina={pagina} paginas={paginas} onChange={setPagina} />
        </>
      )}

      <Dialog open={aberta !== null} onClose={() => setAberta(null)} title={aberta?.subject ?? ''} size="lg">
        {aberta ? <ConteudoMensagem id={aberta.id} /> : null}
      </Dialog>
    </Secao>
  );
}

function ConteudoMensagem({ id }: { id: string }) {
  const mensagem = useMensagem(id);
  const revelando = useRevealDelay(mensagem.isPending);
  if (mensagem.isPending || revelando) return <SkeletonText lines={3} label="Carregando mensagem..." />;
  if (mensagem.isError) return <ErrorNotice error={mensagem.error} onRetry={() => void mensagem.refetch()} />;
  const { mensagem: dados, conteudo } = mensagem.data;
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">Para</dt>
        <dd className="break-all text-slate-900">
          {dados.recipientName ? `${dados.recipientName} <${dados.recipientEmail}>` : dados.recipientEmail}
        </dd>
        {conteudo ? (
          <>
            <dt className="font-medium text-slate-600">De</dt>
            <dd className="break-all text-slate-900">{conteudo.from}</dd>
            {conteudo.replyTo ? (
              <>
                <dt className="font-medium text-slate-600">Responder para</dt>
                <dd className="break-all text-slate-900">{conteudo.replyTo}</dd>
              </>
            ) : null}
          </>
        ) : null}
        <dt className="font-medium text-slate-600">Situação</dt>
        <dd>
          <Badge tone={tonsStatusEmail[dados.status]}>{rotulosStatusEmail[dados.status]}</Badge>
          {dados.sentAt ? (
            <span className="ml-2 text-slate-700">em {formatDateTime(dados.sentAt)}</span>
          ) : null}
        </dd>
        {dados.errorMessage ? (
          <>
            <dt className="font-medium text-slate-600">Erro</dt>
            <dd className="text-red-700">{dados.errorMessage}</dd>
          </>
        ) : null}
      </dl>
      {conteudo ? (
        <>
          <EmailFrame title={`Conteúdo do e-mail: ${conteudo.subject}`} html={conteudo.html} />
          <div>
            <h3 className="text-sm font-medium text-slate-900">Versão em texto</h3>
            <pre className="mt-1 max-h-80 overflow-auto rounded-lg bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200">
              {conteudo.text}
            </pre>
          </div>
        </>
      ) : (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
          Conteúdo não guardado: a mensagem saiu pelo provedor.
        </p>
      )}
    </div>
  );
}
