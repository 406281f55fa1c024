import { SkeletonText } from '../../../components/loading';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatDateTime } from '../../../lib/format';
import { useMensagensWhatsapp, type WhatsappMensagens } from '../api/whatsapp';

type Mensagem = WhatsappMensagens['mensagens'][number];

const situacoes: Record<
  Mensagem['status'],
  { rotulo: string; tom: 'neutral' | 'success' | 'warning' | 'danger' | 'brand' }
> = {
  pending: { rotulo: 'Na fila', tom: 'neutral' },
  retrying: { rotulo: 'Tentando de novo', tom: 'warning' },
  sent: { rotulo: 'Enviada', tom: 'brand' },
  delivered: { rotulo: 'Entregue', tom: 'success' },
  read: { rotulo: 'Lida', tom: 'success' },
  failed: { rotulo: 'Falhou', tom: 'danger' },
};

/** The "WhatsApp" tab of the notifications screen: the latest messages and what Meta said of each. */
export function MensagensWhatsapp() {
  const mensagens = useMensagensWhatsapp();
  if (mensagens.isPending) return <SkeletonText lines={3} label="Carregando as mensagens de WhatsApp..." />;
  if (mensagens.isError)
    return <ErrorNotice error={mensagens.error} onRetry={() => void mensagens.refetch()} />;
  const colunas: DataTableColumn<Mensagem>[] = [
    {
      header: 'Destinatário',
      rowHeader: true,
      className: 'min-w-36 font-medium [overflow-wrap:anywhere] text-slate-900',
      cell: (m) => (
        <>
          {m.destinatario}
          <span className="block text-xs font-normal text-slate-600">{m.numero}</span>
        </>
      ),
    },
    {
      header: 'Laudo',
      className: 'text-slate-700',
      // The monthly summary names no laudo.
      cell: (m) => (m.laudoCodigo ? `${m.laudoCodigo} · ${m.marco}` : m.marco),
    },
    { header: 'Modelo', className: 'font-mono text-xs text-slate-700', cell: (m) => m.template },
    {
      header: 'Criada em',
      className: 'whitespace-nowrap text-slate-700',
      cell: (m) => formatDateTime(m.criadoEm),
    },
    {
      header: 'Situação',
      cell: (m) => (
        <>
          <Badge tone={situacoes[m.status].tom}>{situacoes[m.status].rotulo}</Badge>
          {m.erro ? (
            <span className="mt-1 block text-xs text-red-800 [overflow-wrap:anywhere]">{m.erro}</span>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <div className="space-y-4">
      {mensagens.data.configurado ? null : (
        <FormAlert tone="info">
          O WhatsApp não está configurado neste servidor (variáveis WHATSAPP_*): nenhuma mensagem sai.
        </FormAlert>
      )}
      <div className="flex justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={() => void mensagens.refetch()}>
          Atualizar
        </button>
      </div>
      <DataTable
        caption="Mensagens de WhatsApp"
        columns={colunas}
        rows={mensagens.data.mensagens}
        rowKey={(m) => m.id}
        empty={<p className="text-sm text-slate-600">Nenhuma mensagem de WhatsApp enviada ainda.</p>}
      />
    </div>
  );
}
