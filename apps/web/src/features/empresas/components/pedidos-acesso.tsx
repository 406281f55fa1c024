import { formatarCnpj } from '@laudos/domain';
import { type FormEvent, useState } from 'react';
import { EmpresaCombobox, type EmpresaEscolhida } from '../../../components/empresa-combobox';
import { useToast } from '../../../components/toast';
import { AcoesDoFormulario } from '../../../components/ui/acoes-do-formulario';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmailText } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SelectField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatDateTime, plural } from '../../../lib/format';
import { errorMessage } from '../../../lib/validation';
import type { Papel, PedidoEmpresa } from '../api/empresa';
import { useAprovarPedido, usePedidos, useRecusarPedido } from '../api/pedidos';
import { EmpresaForm, type PlanoOpcao } from './empresa-form';

/** The section's id, for the "N pedidos de acesso pendentes" badge to link to. */
export const PEDIDOS_ID = 'pedidos-de-acesso';

type Acao =
  | { tipo: 'vincular'; pedido: PedidoEmpresa }
  | { tipo: 'criar'; pedido: PedidoEmpresa }
  | { tipo: 'recusar'; pedido: PedidoEmpresa };

/**
 * "Pedidos de acesso": people who signed up naming a company (or asked later) and wait for an
 * admin. Each is joined to an existing company, to one created now (as its gestor), or refused.
 * Nothing shows while there are none.
 */
export function PedidosAcesso({ planos }: { planos: readonly PlanoOpcao[] }) {
  const pedidos = usePedidos();
  const [acao, setAcao] = useState<Acao | null>(null);

  if (pedidos.isPending) return null;
  if (pedidos.isError) return <ErrorNotice error={pedidos.error} onRetry={() => void pedidos.refetch()} />;
  if (pedidos.data.length === 0) return null;

  return (
    <section
      id={PEDIDOS_ID}
      aria-labelledby={`${PEDIDOS_ID}-titulo`}
      className="scroll-mt-4 rounded-2xl bg-amber-50/60 p-4 ring-1 ring-amber-200 sm:p-5"
    >
      <h3
        id={`${PEDIDOS_ID}-titulo`}
        className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900"
      >
        Pedidos de acesso
        <Badge tone="warning">{plural(pedidos.data.length, 'pendente', 'pendentes')}</Badge>
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Pessoas que pediram para entrar em uma empresa. Até a aprovação, elas veem apenas os laudos enviados
        ao próprio e-mail.
      </p>
      <ul className="mt-4 space-y-3">
        {pedidos.data.map((pedido) => (
          <li key={pedido.id}>
            <PedidoCartao pedido={pedido} onAcao={setAcao} />
          </li>
        ))}
      </ul>

      <VincularDialog pedido={acao?.tipo === 'vincular' ? acao.pedido : null} onClose={() => setAcao(null)} />
      <CriarEmpresaDialog
        pedido={acao?.tipo === 'criar' ? acao.pedido : null}
        planos={planos}
        onClose={() => setAcao(null)}
      />
      <RecusarDialog pedido={acao?.tipo === 'recusar' ? acao.pedido : null} onClose={() => setAcao(null)} />
    </section>
  );
}

function PedidoCartao({ pedido, onAcao }: { pedido: PedidoEmpresa; onAcao: (acao: Acao) => void }) {
  const { usuario, sugestao } = pedido;
  const deQuem = <span className="sr-only">(pedido de {usuario.nome})</span>;
  return (
    <article
      aria-label={`Pedido de ${usuario.nome}`}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <p className="font-semibold text-slate-900">{usuario.nome}</p>
        {usuario.emailVerificado ? (
          <Badge tone="success">E-mail confirmado</Badge>
        ) : (
          <Badge tone="warning">E-mail não confirmado</Badge>
        )}
      </div>
      <p className="text-sm text-slate-700">
        <EmailText email={usuario.email} />
      </p>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-medium text-slate-700">Empresa informada:</dt>
          <dd className="text-slate-900 [overflow-wrap:anywhere]">
            {[pedido.nome, pedido.cnpj ? `CNPJ ${formatarCnpj(pedido.cnpj)}` : null]
              .filter(Boolean)
              .join(' · ') || '—'}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-medium text-slate-700">Sugestão:</dt>
          <dd className="text-slate-900 [overflow-wrap:anywhere]">
            {sugestao
              ? `${sugestao.nome}${sugestao.cnpj ? ` (CNPJ ${formatarCnpj(sugestao.cnpj)})` : ''}`
              : 'Nenhuma empresa cadastrada com esse nome ou CNPJ'}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-medium text-slate-700">Pedido em:</dt>
          <dd className="text-slate-900">{formatDateTime(pedido.criadoEm)}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <button
          type="button"
          onClick={() => onAcao({ tipo: 'vincular', pedido })}
          className={buttonClass(sugestao ? 'primary' : 'secondary', 'sm')}
        >
          Vincular à empresa {deQuem}
        </button>
        <button
          type="button"
          onClick={() => onAcao({ tipo: 'criar', pedido })}
          className={buttonClass(sugestao ? 'secondary' : 'primary', 'sm')}
        >
          Criar empresa {deQuem}
        </button>
        <button
          type="button"
          onClick={() => onAcao({ tipo: 'recusar', pedido })}
          className={buttonClass('ghost', 'sm')}
        >
          Recusar {deQuem}
        </button>
      </div>
    </article>
  );
}

/** "Vincular à empresa": an existing company (the suggestion, if any, already chosen) and the role. */
function VincularDialog({ pedido, onClose }: { pedido: PedidoEmpresa | null; onClose: () => void }) {
  return (
    <Dialog
      open={pedido !== null}
      onClose={onClose}
      title={pedido ? `Vincular ${pedido.usuario.nome} a uma empresa` : ''}
    >
      {pedido ? <VincularForm pedido={pedido} onDone={onClose} /> : null}
    </Dialog>
  );
}

function VincularForm({ pedido, onDone }: { pedido: PedidoEmpresa; onDone: () => void }) {
  const { showToast } = useToast();
  const aprovar = useAprovarPedido();
  const [empresa, setEmpresa] = useState<EmpresaEscolhida | null>(
    pedido.sugestao ? { id: pedido.sugestao.id, nome: pedido.sugestao.nome } : null,
  );
  // '' lets the server choose: gestor when the company has no active gestor yet, else membro.
  const [papel, setPapel] = useState<'' | Papel>('');
  const [erro, setErro] = useState<string | undefined>();

  function enviar(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!empresa) {
      setErro('Escolha uma empresa da lista.');
      event.currentTarget.querySelector<HTMLElement>('[name="empresaId"]')?.focus();
      return;
    }
    aprovar.mutate(
      { id: pedido.id, empresaId: empresa.id, ...(papel ? { papel } : {}) },
      {
        onSuccess: () => {
          showToast({ type: 'success', title: `${pedido.usuario.nome} agora faz parte de ${empresa.nome}.` });
          onDone();
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={enviar} className="space-y-4">
      {aprovar.error ? <FormAlert>{errorMessage(aprovar.error)}</FormAlert> : null}
      <EmpresaCombobox
        autofoco
        hint={pedido.nome ? `Informada no pedido: ${pedido.nome}.` : undefined}
        selecionada={empresa}
        onSelecionar={(escolhida) => {
          setEmpresa(escolhida);
          if (escolhida) setErro(undefined);
        }}
        error={erro}
      />
      <SelectField
        label="Papel na empresa"
        name="papel"
        value={papel}
        onChange={(event) => {
          const valor = event.target.value;
          setPapel(valor === 'gestor' || valor === 'membro' ? valor : '');
        }}
        hint="O gestor convida colegas e cuida da equipe."
      >
        <option value="">Gestor se a empresa ainda não tiver um; senão, membro</option>
        <option value="gestor">Gestor</option>
        <option value="membro">Membro</option>
      </SelectField>
      <AcoesDoFormulario className="pt-2">
        <button type="button" onClick={onDone} className={buttonClass('secondary')}>
          Cancelar
        </button>
        <button
          type="submit"
          disabled={aprovar.isPending}
          aria-busy={aprovar.isPending || undefined}
          className={buttonClass('primary')}
        >
          {aprovar.isPending ? 'Salvando...' : 'Vincular'}
        </button>
      </AcoesDoFormulario>
    </form>
  );
}

/** "Criar empresa": the company's form filled with what the person asked; they join as its gestor. */
function CriarEmpresaDialog({
  pedido,
  planos,
  onClose,
}: {
  pedido: PedidoEmpresa | null;
  planos: readonly PlanoOpcao[];
  onClose: () => void;
}) {
  const { showToast } = useToast();
  const aprovar = useAprovarPedido();
  function fechar() {
    aprovar.reset();
    onClose();
  }
  return (
    <Dialog
      open={pedido !== null}
      onClose={fechar}
      title={pedido ? `Criar empresa para ${pedido.usuario.nome}` : ''}
      size="lg"
    >
      {pedido ? (
        <EmpresaForm
          inicial={{ razaoSocial: pedido.nome ?? '', nomeFantasia: pedido.nome ?? '', cnpj: pedido.cnpj }}
          planos={planos}
          submitLabel="Criar empresa e vincular"
          pending={aprovar.isPending}
          error={aprovar.error}
          onCancel={fechar}
          onSubmit={(nova) =>
            aprovar.mutate(
              { id: pedido.id, nova, papel: 'gestor' },
              {
                onSuccess: () => {
                  showToast({
                    type: 'success',
                    title: `Empresa ${nova.nomeFantasia} criada, com ${pedido.usuario.nome} como gestor.`,
                  });
                  fechar();
                },
              },
            )
          }
        >
          <FormAlert tone="info">
            {pedido.usuario.nome} entra na empresa como <strong>gestor</strong>: poderá convidar os colegas.
          </FormAlert>
        </EmpresaForm>
      ) : null}
    </Dialog>
  );
}

function RecusarDialog({ pedido, onClose }: { pedido: PedidoEmpresa | null; onClose: () => void }) {
  const { showToast } = useToast();
  const recusar = useRecusarPedido();
  function fechar() {
    recusar.reset();
    onClose();
  }
  return (
    <ConfirmDialog
      open={pedido !== null}
      title={pedido ? `Recusar o pedido de ${pedido.usuario.nome}?` : ''}
      confirmLabel="Recusar pedido"
      pending={recusar.isPending}
      error={recusar.error ? errorMessage(recusar.error) : null}
      onClose={fechar}
      onConfirm={() => {
        if (!pedido) return;
        recusar.mutate(pedido.id, {
          onSuccess: () => {
            showToast({ type: 'success', title: `Pedido de ${pedido.usuario.nome} recusado.` });
            fechar();
          },
        });
      }}
    >
      {pedido ? (
        <p>
          {pedido.usuario.nome} continua sem empresa e vê apenas os laudos enviados a {pedido.usuario.email}.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
