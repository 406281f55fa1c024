import type { MotivoDeSupressao } from '@laudos/domain/api';
import { useState } from 'react';
import { SkeletonTable, useRevealDelay } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { Badge } from '../../../components/ui/badge';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, EmailText } from '../../../components/ui/data-table';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { TextField } from '../../../components/ui/field';
import { formatDateTime, plural } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { errorMessage } from '../../../lib/validation';
import { type Supressao, useRemoverSupressao, useSupressoes } from '../api/supressoes';
import { Secao } from './secao';

const rotulosMotivo: Record<MotivoDeSupressao, string> = {
  bounce_permanente: 'Devolução permanente',
  reclamacao: 'Reclamação (spam)',
  smtp_5xx: 'Recusa do servidor SMTP',
};

/** The suppression list: addresses no e-mail goes to, with why, and "Remover da lista". */
export function SupressoesLista() {
  const { showToast } = useToast();
  const [busca, setBusca] = useState('');
  const [removendo, setRemovendo] = useState<Supressao | null>(null);
  const buscaAtiva = useDebouncedValue(busca, 300);
  const supressoes = useSupressoes(buscaAtiva);
  const remover = useRemoverSupressao();
  const revelando = useRevealDelay(supressoes.isPending);

  const colunas: DataTableColumn<Supressao>[] = [
    {
      header: 'Endereço',
      rowHeader: true,
      className: 'text-left font-normal text-slate-900',
      cell: (s) => <EmailText email={s.email} />,
    },
    {
      header: 'Motivo',
      className: 'min-w-36',
      cell: (s) => (
        <>
          <Badge tone={s.motivo === 'reclamacao' ? 'warning' : 'danger'}>{rotulosMotivo[s.motivo]}</Badge>
          <span className="mt-1 block text-xs text-slate-600">
            {s.origem === 'ses' ? 'Amazon SES' : 'SMTP'}
            {s.bouncesTransitorios > 0
              ? ` · ${plural(s.bouncesTransitorios, 'devolução temporária', 'devoluções temporárias')}`
              : ''}
          </span>
        </>
      ),
    },
    {
      header: 'Desde',
      className: 'whitespace-nowrap text-slate-700',
      cell: (s) => formatDateTime(s.criadoEm),
    },
    {
      header: 'Detalhe',
      fold: true,
      className: 'min-w-48 break-words text-sm text-slate-700',
      cell: (s) => s.detalhe ?? '—',
    },
    {
      header: 'Ações',
      cell: (s) => (
        <button
          type="button"
          onClick={() => setRemovendo(s)}
          className="rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-red-700 hover:bg-red-50"
        >
          Remover da lista <span className="sr-only">{s.email}</span>
        </button>
      ),
    },
  ];

  return (
    <Secao
      titulo="Supressões"
      descricao="Endereços que não recebem mais e-mails: devolução permanente, reclamação de spam ou recusa definitiva do servidor SMTP. Remova um endereço depois de corrigido para voltar a enviar."
    >
      <search className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          label="Buscar endereço"
          type="search"
          name="buscaSupressao"
          placeholder="nome@empresa.com.br"
          value={busca}
          onChange={(event) => setBusca(event.target.value)}
        />
      </search>

      {supressoes.isPending || revelando ? (
        <SkeletonTable rows={3} columns={4} label="Carregando supressões..." />
      ) : supressoes.isError ? (
        <ErrorNotice error={supressoes.error} onRetry={() => void supressoes.refetch()} />
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600">
            {supressoes.data.supressoes.length === 0
              ? 'Nenhum endereço na lista de supressão.'
              : `${plural(supressoes.data.supressoes.length, 'endereço suprimido', 'endereços suprimidos')}.`}
          </p>
          {supressoes.data.supressoes.length > 0 ? (
            <DataTable
              caption="Endereços suprimidos, do mais recente ao mais antigo"
              columns={colunas}
              rows={supressoes.data.supressoes}
              rowKey={(s) => s.id}
              busy={supressoes.isPlaceholderData}
            />
          ) : null}
        </>
      )}

      <ConfirmDialog
        open={removendo !== null}
        title={removendo ? `Remover ${removendo.email} da lista?` : ''}
        confirmLabel="Remover da lista"
        pending={remover.isPending}
        error={remover.error ? errorMessage(remover.error) : null}
        onClose={() => {
          setRemovendo(null);
          remover.reset();
        }}
        onConfirm={() => {
          if (!removendo) return;
          const { email, id } = removendo;
          remover.mutate(id, {
            onSuccess: () => {
              showToast({ type: 'success', title: `${email} removido da lista de supressão.` });
              setRemovendo(null);
            },
          });
        }}
      >
        <p>
          Os próximos e-mails para este endereço voltam a ser enviados. Se o endereço ainda não existir, a
          próxima devolução o coloca de volta na lista.
        </p>
      </ConfirmDialog>
    </Secao>
  );
}
