import { formatDateBR } from '@laudos/domain';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bone, Skeleton, useRevealDelay } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { OrEmpty } from '../../../components/ui/empty-value';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { ApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDate, formatDateTime } from '../../../lib/format';
import { adminLaudosHref, equipamentoHref, paths } from '../../../lib/paths';
import { errorMessage } from '../../../lib/validation';
import { useLaudo } from '../api/get-laudo';
import type { Laudo } from '../api/laudo';
import { type AlteracaoLaudo, useAlterarLaudo, useExcluirLaudo } from '../api/mutations';
import { useRespostasDoLaudo } from '../api/respostas-do-laudo';
import { ArquivosLaudo, type RecursosArquivos } from './arquivos-laudo';
import { HistoricoVersoes } from './historico-versoes';
import { dadosDoFormulario, LaudoForm, type ValoresLaudo, valoresDoLaudo } from './laudo-form';
import { RenovarLaudoDialog } from './renovar-laudo';
import { DescricaoVencimento, VencimentoBadge } from './vencimento-badge';

export const LAUDO_NAO_ENCONTRADO = 'Laudo não encontrado';

type LaudoDetalhesProps = { id: string; admin: boolean; recursos: RecursosArquivos };

/** /laudos/:id: the laudo, its files, editing and deleting. */
export function LaudoDetalhes({ id, admin, recursos }: LaudoDetalhesProps) {
  const laudo = useLaudo(id);
  useDocumentTitle(laudo.data?.nome ?? 'Laudo');
  const revelando = useRevealDelay(laudo.isPending);

  if (laudo.isPending || revelando) return <LaudoEsqueleto />;
  if (laudo.isError) {
    const naoEncontrado =
      laudo.error instanceof ApiError && (laudo.error.status === 404 || laudo.error.status === 400);
    if (naoEncontrado) return <NaoEncontrado admin={admin} />;
    return (
      <Moldura>
        <ErrorNotice error={laudo.error} onRetry={() => void laudo.refetch()} />
      </Moldura>
    );
  }
  return <LaudoCarregado laudo={laudo.data} admin={admin} recursos={recursos} />;
}

/**
 * Where "back" goes: an admin opens laudos from the admin's list (any company's), a client from the
 * due dates; the admin keeps the admin's way back even on a laudo of their own.
 */
function voltarPara(admin: boolean) {
  return admin
    ? { href: adminLaudosHref, rotulo: 'Laudos', texto: 'Voltar aos laudos', inicio: paths.admin }
    : {
        href: paths.vencimentos,
        rotulo: 'Vencimentos',
        texto: 'Voltar aos vencimentos',
        inicio: paths.dashboard,
      };
}

/** The laudo page in grey: trail, title, the data card's fields and the files, at their sizes. */
function LaudoEsqueleto() {
  return (
    <Moldura>
      <Skeleton label="Carregando laudo...">
        <div className="flex h-5 items-center">
          <Bone className="h-3 w-24" />
        </div>
        <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 flex-1">
            <div className="flex h-9 items-center">
              <Bone className="h-7 w-2/3" />
            </div>
            <div className="mt-2 flex h-6 items-center gap-2">
              <Bone className="h-4 w-24" />
              <Bone className="h-5 w-20 rounded-full" />
            </div>
          </div>
          <div className="flex shrink-0 gap-2">
            <Bone className="h-10 w-20 rounded-lg" />
            <Bone className="h-10 w-20 rounded-lg" />
          </div>
        </div>
        <div className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <div className="flex h-7 items-center">
            <Bone className="h-5 w-40" />
          </div>
          <div className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
            {['tipo', 'cliente', 'vencimento', 'email', 'criado', 'obs'].map((campo) => (
              <div key={campo}>
                <div className="flex h-5 items-center">
                  <Bone className="h-3 w-24" />
                </div>
                <div className="mt-0.5 flex h-5 items-center">
                  <Bone className="h-3 w-3/4" />
                </div>
              </div>
            ))}
          </div>
        </div>
        <div className="mt-6 h-40 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <Bone className="h-5 w-32" />
          <Bone className="mt-4 h-10 w-full" />
        </div>
      </Skeleton>
    </Moldura>
  );
}

function Moldura({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">{children}</div>;
}

function NaoEncontrado({ admin }: { admin: boolean }) {
  const voltar = voltarPara(admin);
  return (
    <Moldura>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{LAUDO_NAO_ENCONTRADO}</h1>
      <p className="mt-3 text-slate-700">Este laudo não existe, foi excluído ou pertence a outra empresa.</p>
      <div className="mt-6 flex flex-wrap gap-2">
        <Link to={voltar.href} className={buttonClass('primary')}>
          {voltar.texto}
        </Link>
        <Link to={voltar.inicio} className={buttonClass('secondary')}>
          Ir para o painel
        </Link>
      </div>
    </Moldura>
  );
}

function LaudoCarregado({
  laudo,
  admin,
  recursos,
}: {
  laudo: Laudo;
  admin: boolean;
  recursos: RecursosArquivos;
}) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [editando, setEditando] = useState(false);
  const [excluindo, setExcluindo] = useState(false);
  const [renovando, setRenovando] = useState(false);
  const excluir = useExcluirLaudo();
  const voltar = voltarPara(admin);

  return (
    <Moldura>
      <nav aria-label="Trilha" className="text-sm">
        <Link to={voltar.href} className="font-medium text-brand-700 hover:underline">
          ← {voltar.rotulo}
        </Link>
      </nav>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">{laudo.nome}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700">
            <span className="min-w-0 [overflow-wrap:anywhere]">Código {laudo.codigo}</span>
            {laudo.versao > 1 ? <span className="text-sm font-medium">Versão {laudo.versao}</span> : null}
            <VencimentoBadge status={laudo.vencimento.status} />
            <DescricaoVencimento vencimento={laudo.vencimento} className="text-sm font-medium" />
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {laudo.equipamento_id ? (
            // An NR-13 exam is renewed by recording its inspection on the equipment (decision 048).
            <Link to={equipamentoHref(laudo.equipamento_id)} className={buttonClass('primary')}>
              Registrar inspeção
            </Link>
          ) : (
            <button type="button" onClick={() => setRenovando(true)} className={buttonClass('primary')}>
              Renovar laudo
            </button>
          )}
          <button type="button" onClick={() => setEditando(true)} className={buttonClass('secondary')}>
            Editar
          </button>
          <button type="button" onClick={() => setExcluindo(true)} className={buttonClass('danger')}>
            Excluir
          </button>
        </div>
      </div>

      <section
        aria-labelledby="dados-titulo"
        className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="dados-titulo" className="text-lg font-semibold text-slate-900">
          Dados do laudo
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
          <Item termo="Tipo">{laudo.tipo}</Item>
          <Item termo="Cliente">{laudo.cliente}</Item>
          <Item termo="Data de vencimento">
            {laudo.dataVencimento ? formatDateBR(laudo.dataVencimento) : 'Sem data de vencimento'}
            {laudo.equipamento_id ? (
              <span className="mt-1 block text-slate-700">
                Prazo do cadastro de equipamentos NR-13.{' '}
                <Link
                  to={equipamentoHref(laudo.equipamento_id)}
                  className="font-medium text-brand-700 hover:underline"
                >
                  Ver o equipamento
                </Link>
              </span>
            ) : null}
          </Item>
          <RespostasDoVencimento id={laudo.id} />
          <Item termo="E-mail do cliente">
            <OrEmpty value={laudo.emailCliente} />
          </Item>
          <Item termo="Criado em">
            {formatDateTime(laudo.criadoEm)}
            {laudo.criador ? ` por ${laudo.criador.nome}` : ''}
          </Item>
          {laudo.atualizado_em ? (
            <Item termo="Atualizado em">{formatDateTime(laudo.atualizado_em)}</Item>
          ) : null}
          <Item termo="Observações" largo>
            <OrEmpty value={laudo.observacoes}>
              <span className="whitespace-pre-line">{laudo.observacoes}</span>
            </OrEmpty>
          </Item>
        </dl>
      </section>

      <div className="mt-6">
        <ArquivosLaudo laudo={laudo} recursos={recursos} />
      </div>

      <HistoricoVersoes laudo={laudo} className="mt-6" />

      <RenovarLaudoDialog open={renovando} laudo={laudo} onClose={() => setRenovando(false)} />

      <EditarLaudoDialog open={editando} laudo={laudo} admin={admin} onClose={() => setEditando(false)} />

      <ConfirmDialog
        open={excluindo}
        title={`Excluir o laudo ${laudo.nome}?`}
        confirmLabel="Excluir laudo"
        pending={excluir.isPending}
        error={excluir.error ? errorMessage(excluir.error) : null}
        onClose={() => {
          setExcluindo(false);
          excluir.reset();
        }}
        onConfirm={() =>
          excluir.mutate(laudo.id, {
            onSuccess: () => {
              showToast({
                type: 'success',
                title: 'Laudo excluído',
                message: `${laudo.nome} (${laudo.codigo})`,
              });
              void navigate(voltar.href);
            },
          })
        }
      >
        <p>
          O laudo <strong>{laudo.nome}</strong> (código {laudo.codigo}) e os arquivos dele serão excluídos.
          Esta ação não pode ser desfeita.
        </p>
      </ConfirmDialog>
    </Moldura>
  );
}

/**
 * The client's answer to this due date's reminders, when there is one: "Renovação solicitada em
 * dd/mm/aaaa por X" or "Ciente: providenciando". The firm's board of requests is a later slice.
 */
function RespostasDoVencimento({ id }: { id: string }) {
  const respostas = useRespostasDoLaudo(id);
  const lista = respostas.data?.respostas ?? [];
  if (lista.length === 0) return null;
  return (
    <Item termo="Resposta ao lembrete" largo>
      <ul className="space-y-1">
        {lista.map((r) => (
          <li key={r.tipo}>
            {r.tipo === 'solicitacao'
              ? `Renovação solicitada em ${formatDate(r.em)} por ${r.por}`
              : `Ciente: providenciando (em ${formatDate(r.em)}, por ${r.por})`}
            {r.periodo ? ` · Período preferido: ${r.periodo}` : ''}
            {r.observacao ? (
              <span className="block whitespace-pre-line text-slate-700">{r.observacao}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </Item>
  );
}

function Item({ termo, largo = false, children }: { termo: string; largo?: boolean; children: ReactNode }) {
  return (
    <div className={largo ? 'sm:col-span-2' : undefined}>
      <dt className="font-medium text-slate-600">{termo}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Only the fields that changed go in the PATCH. */
export function alteracoes(antes: ValoresLaudo, depois: ValoresLaudo, admin: boolean): AlteracaoLaudo {
  const a = dadosDoFormulario(antes, admin);
  const d = dadosDoFormulario(depois, admin);
  const resultado: AlteracaoLaudo = {};
  for (const chave of Object.keys(d) as (keyof AlteracaoLaudo)[]) {
    if (a[chave] !== d[chave]) Object.assign(resultado, { [chave]: d[chave] });
  }
  return resultado;
}

function EditarLaudoDialog({
  open,
  laudo,
  admin,
  onClose,
}: {
  open: boolean;
  laudo: Laudo;
  admin: boolean;
  onClose: () => void;
}) {
  const { showToast } = useToast();
  const alterar = useAlterarLaudo();
  const inicial = valoresDoLaudo(laudo);
  function fechar() {
    alterar.reset();
    onClose();
  }
  return (
    <Dialog open={open} onClose={fechar} title={`Editar ${laudo.nome}`} size="lg">
      <LaudoForm
        inicial={inicial}
        admin={admin}
        submitLabel="Salvar alterações"
        pending={alterar.isPending}
        erro={alterar.error ? errorMessage(alterar.error) : null}
        camposDoServidor={alterar.error instanceof ApiError ? alterar.error.campos : undefined}
        vencimentoDoCadastro={laudo.equipamento_id !== null}
        onCancel={fechar}
        onSubmit={(valores) => {
          const mudancas = alteracoes(inicial, valores, admin);
          if (Object.keys(mudancas).length === 0) {
            fechar();
            return;
          }
          alterar.mutate(
            { id: laudo.id, ...mudancas },
            {
              onSuccess: () => {
                showToast({ type: 'success', title: 'Laudo atualizado' });
                fechar();
              },
            },
          );
        }}
      />
    </Dialog>
  );
}
