import { digitosDoCnpj, formatarCnpj } from '@laudos/domain';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Bone, Skeleton, useRevealDelay } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { DownloadComProgresso } from '../../../components/ui/download-com-progresso';
import { OrEmpty } from '../../../components/ui/empty-value';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { ApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDateTime } from '../../../lib/format';
import { adminEmpresasHref, adminLaudosDaEmpresaHref } from '../../../lib/paths';
import type { AlteracaoEmpresa, Empresa, Equipe } from '../api/empresa';
import { useEquipe } from '../api/get-equipe';
import { useAlterarEmpresa } from '../api/mutations';
import { ConvitesEmpresa } from './convites-empresa';
import { type DadosEmpresa, EmpresaForm, type PlanoOpcao, valoresDaEmpresa } from './empresa-form';
import { PessoasEmpresa } from './pessoas-empresa';
import { Secao } from './secao';
import { BarraDeUso } from './uso-do-plano';

/**
 * /admin/empresas/:id: the company's data, plan and usage, people and invitations; `extra` adds the
 * parts other features own (the company's API keys), composed by the route.
 */
export function EmpresaPagina({
  id,
  planos,
  extra,
}: {
  id: string;
  planos: readonly PlanoOpcao[];
  extra?: (empresa: Empresa) => ReactNode;
}) {
  const equipe = useEquipe(id);
  useDocumentTitle(equipe.data?.empresa.nomeFantasia ?? 'Empresa');
  const revelando = useRevealDelay(equipe.isPending);

  if (equipe.isPending || revelando) return <EmpresaEsqueleto />;
  if (equipe.isError) {
    const naoEncontrada =
      equipe.error instanceof ApiError && (equipe.error.status === 404 || equipe.error.status === 400);
    return (
      <Moldura>
        {naoEncontrada ? (
          <>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">Empresa não encontrada</h1>
            <p className="mt-3 text-slate-700">Esta empresa não existe ou o endereço está incompleto.</p>
            <Link to={adminEmpresasHref} className={`mt-6 ${buttonClass('primary')}`}>
              Voltar às empresas
            </Link>
          </>
        ) : (
          <ErrorNotice error={equipe.error} onRetry={() => void equipe.refetch()} />
        )}
      </Moldura>
    );
  }
  return <EmpresaCarregada equipe={equipe.data} planos={planos} extra={extra} />;
}

function EmpresaCarregada({
  equipe,
  planos,
  extra,
}: {
  equipe: Equipe;
  planos: readonly PlanoOpcao[];
  extra?: ((empresa: Empresa) => ReactNode) | undefined;
}) {
  const { empresa } = equipe;
  const [editando, setEditando] = useState(false);
  return (
    <Moldura>
      <nav aria-label="Trilha" className="text-sm">
        <Link to={adminEmpresasHref} className="font-medium text-brand-700 hover:underline">
          ← Empresas
        </Link>
      </nav>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere] text-slate-900">
            {empresa.nomeFantasia}
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700">
            <span className="min-w-0 [overflow-wrap:anywhere]">{empresa.razaoSocial}</span>
            {empresa.ativo ? <Badge tone="success">Ativa</Badge> : <Badge tone="danger">Inativa</Badge>}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <button type="button" onClick={() => setEditando(true)} className={buttonClass('secondary')}>
            Editar dados
          </button>
          <Link to={adminLaudosDaEmpresaHref(empresa.id)} className={buttonClass('secondary')}>
            Ver laudos da empresa
          </Link>
        </div>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Secao id="empresa-dados" titulo="Dados da empresa" className="lg:col-span-2">
          <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
            <Item termo="Razão social">{empresa.razaoSocial}</Item>
            <Item termo="Nome fantasia">{empresa.nomeFantasia}</Item>
            <Item termo="CNPJ">
              <OrEmpty value={empresa.cnpj}>{formatarCnpj(empresa.cnpj ?? '')}</OrEmpty>
            </Item>
            <Item termo="Telefone">
              <OrEmpty value={empresa.telefone} />
            </Item>
            <Item termo="E-mail de contato">
              <OrEmpty value={empresa.emailContato} />
            </Item>
            <Item termo="Cadastrada em">{formatDateTime(empresa.criadoEm)}</Item>
            <Item termo="Endereço" largo>
              <OrEmpty value={empresa.endereco} />
            </Item>
          </dl>
        </Secao>
        <Secao id="empresa-plano" titulo="Plano e uso">
          <p className="text-sm text-slate-700">
            Plano: <strong className="text-slate-900">{empresa.plano?.nome ?? 'Sem plano'}</strong>
          </p>
          <div className="mt-4 space-y-4">
            <BarraDeUso rotulo="Usuários" uso={empresa.usuarios} />
            <BarraDeUso rotulo="Laudos" uso={empresa.laudos} />
          </div>
          <p className="mt-3 text-xs text-slate-600">
            Usuários contam as pessoas ativas e os convites pendentes.
          </p>
          <div className="mt-4 space-y-2 border-t border-slate-200 pt-4">
            <DownloadComProgresso
              url={`/api/exportacao/completa?empresaId=${encodeURIComponent(empresa.id)}`}
              rotulo="Exportar dados da empresa"
            />
            <p className="text-xs text-slate-600">
              Um ZIP com a lista dos laudos da empresa (CSV e Excel) e os arquivos de cada laudo.
            </p>
            <DownloadComProgresso
              url={`/api/relatorios/situacao?empresaId=${encodeURIComponent(empresa.id)}`}
              rotulo="Relatório de situação (PDF)"
            />
            <p className="text-xs text-slate-600">
              O resumo dos laudos da empresa em PDF: situação, tipos, vencimentos dos próximos 12 meses e a
              lista dos vencidos e vencendo. Outros filtros, no Painel.
            </p>
          </div>
        </Secao>
      </div>

      <div className="mt-6">
        <PessoasEmpresa empresaId={empresa.id} pessoas={equipe.pessoas} />
      </div>
      <div className="mt-6">
        <ConvitesEmpresa empresaId={empresa.id} convites={equipe.convites} />
      </div>
      {extra ? <div className="mt-6">{extra(empresa)}</div> : null}

      <EditarEmpresaDialog
        open={editando}
        empresa={empresa}
        planos={planos}
        onClose={() => setEditando(false)}
      />
    </Moldura>
  );
}

function EditarEmpresaDialog({
  open,
  empresa,
  planos,
  onClose,
}: {
  open: boolean;
  empresa: Empresa;
  planos: readonly PlanoOpcao[];
  onClose: () => void;
}) {
  const { showToast } = useToast();
  const alterar = useAlterarEmpresa();
  function fechar() {
    alterar.reset();
    onClose();
  }
  return (
    <Dialog open={open} onClose={fechar} title={`Editar ${empresa.nomeFantasia}`} size="lg">
      <EmpresaForm
        inicial={valoresDaEmpresa(empresa)}
        planos={planos}
        edicao
        submitLabel="Salvar alterações"
        pending={alterar.isPending}
        error={alterar.error}
        onCancel={fechar}
        onSubmit={(dados) => {
          const mudancas = alteracoesDaEmpresa(empresa, dados);
          if (Object.keys(mudancas).length === 0) {
            fechar();
            return;
          }
          alterar.mutate(
            { id: empresa.id, ...mudancas },
            {
              onSuccess: (salva) => {
                showToast({ type: 'success', title: `Dados de ${salva.nomeFantasia} salvos.` });
                fechar();
              },
            },
          );
        }}
      />
    </Dialog>
  );
}

/** Only the fields that changed go in the PATCH (a CNPJ compared by its digits). */
export function alteracoesDaEmpresa(empresa: Empresa, dados: DadosEmpresa): AlteracaoEmpresa {
  const antes = valoresDaEmpresa(empresa);
  const mudancas: Record<string, unknown> = {};
  for (const [campo, valor] of Object.entries(dados)) {
    const atual = antes[campo as keyof typeof antes] ?? null;
    const novo =
      campo === 'cnpj' && typeof valor === 'string' ? digitosDoCnpj(valor) || null : (valor ?? null);
    if (novo !== atual) mudancas[campo] = valor;
  }
  return mudancas as AlteracaoEmpresa;
}

function Item({ termo, largo = false, children }: { termo: string; largo?: boolean; children: ReactNode }) {
  return (
    <div className={largo ? 'sm:col-span-2' : undefined}>
      <dt className="font-medium text-slate-600">{termo}</dt>
      <dd className="mt-0.5 [overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </div>
  );
}

function Moldura({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">{children}</div>;
}

/** The page in grey: trail, title, the data and plan cards, the people's table. */
function EmpresaEsqueleto() {
  return (
    <Moldura>
      <Skeleton label="Carregando empresa...">
        <div className="flex h-5 items-center">
          <Bone className="h-3 w-24" />
        </div>
        <div className="mt-3 flex h-9 items-center">
          <Bone className="h-7 w-1/2" />
        </div>
        <div className="mt-2 flex h-6 items-center gap-2">
          <Bone className="h-4 w-48" />
          <Bone className="h-5 w-14 rounded-full" />
        </div>
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <div className="h-56 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:col-span-2">
            <Bone className="h-5 w-40" />
            <Bone className="mt-5 h-24 w-full" />
          </div>
          <div className="h-56 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <Bone className="h-5 w-32" />
            <Bone className="mt-5 h-16 w-full" />
          </div>
        </div>
        <div className="mt-6 h-48 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <Bone className="h-5 w-32" />
          <Bone className="mt-5 h-20 w-full" />
        </div>
      </Skeleton>
    </Moldura>
  );
}
