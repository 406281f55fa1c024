import { useEffect, useRef, useState } from 'react';
import { SkeletonTable, useRevealDelay } from '../../../components/loading';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SelectField, TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { formatDate } from '../../../lib/format';
import { blogPostHref } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { errorMessage } from '../../../lib/validation';
import { usePosts } from '../api/list-posts';
import { useDespublicarPost, useExcluirPost, usePublicarPost } from '../api/mutations';
import type { PostResumo, StatusFiltro } from '../api/post';
import { StatusPost } from './status-post';

const POR_PAGINA = 20;

type PostsListaProps = {
  /** Move the focus to the list's heading when it appears (back from the editor). */
  focar?: boolean;
  onNovo: () => void;
  onEditar: (id: string) => void;
};

/** Every post, drafts included: search, filter, publish, delete; editing opens the editor. */
export function PostsLista({ focar = false, onNovo, onEditar }: PostsListaProps) {
  const { showToast } = useToast();
  const tituloRef = useRef<HTMLHeadingElement>(null);
  const [busca, setBusca] = useState('');
  const [status, setStatus] = useState<StatusFiltro>('todos');
  const [pagina, setPagina] = useState(1);
  const [excluindo, setExcluindo] = useState<PostResumo | null>(null);
  const buscaAtiva = useDebouncedValue(busca, 300);

  // A new search or filter starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the filters changing, by design
  useEffect(() => setPagina(1), [buscaAtiva, status]);

  const posts = usePosts({ busca: buscaAtiva, status, pagina, porPagina: POR_PAGINA });
  const revelando = useRevealDelay(posts.isPending);
  const publicar = usePublicarPost();
  const despublicar = useDespublicarPost();
  const excluir = useExcluirPost();

  const total = posts.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA));
  // After deleting the last post of the last page, step back to a page that exists.
  useEffect(() => {
    if (posts.data && pagina > paginas) setPagina(paginas);
  }, [posts.data, pagina, paginas]);

  function alternarPublicacao(post: PostResumo) {
    const mutation = post.publicado ? despublicar : publicar;
    mutation.mutate(post.id, {
      onSuccess: (atualizado) =>
        showToast({
          type: 'success',
          title: atualizado.publicado
            ? `Post “${atualizado.titulo}” publicado.`
            : `Post “${atualizado.titulo}” voltou a ser rascunho.`,
        }),
      onError: (error) =>
        showToast({
          type: 'error',
          title: post.publicado ? 'Não foi possível despublicar' : 'Não foi possível publicar',
          message: errorMessage(error),
        }),
    });
  }

  function fecharExclusao() {
    setExcluindo(null);
    excluir.reset();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list appears
  useEffect(() => {
    if (focar) tituloRef.current?.focus();
  }, []);

  const semFiltro = !buscaAtiva.trim() && status === 'todos';
  // The post whose publish/unpublish is on its way, so its button waits.
  const alternando = publicar.isPending
    ? publicar.variables
    : despublicar.isPending
      ? despublicar.variables
      : null;

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 ref={tituloRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          Posts
        </h2>
        <button type="button" onClick={onNovo} className={buttonClass('primary')}>
          Novo post
        </button>
      </div>

      <search className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField
          label="Buscar"
          type="search"
          name="busca"
          placeholder="Título, resumo ou slug"
          value={busca}
          onChange={(event) => setBusca(event.target.value)}
        />
        <SelectField
          label="Situação"
          name="status"
          value={status}
          onChange={(event) => setStatus(event.target.value as StatusFiltro)}
        >
          <option value="todos">Todos</option>
          <option value="publicados">Publicados</option>
          <option value="rascunhos">Rascunhos</option>
        </SelectField>
      </search>

      {posts.isPending || revelando ? (
        <SkeletonTable rows={4} columns={4} label="Carregando posts..." />
      ) : posts.isError ? (
        <ErrorNotice error={posts.error} onRetry={() => void posts.refetch()} />
      ) : total === 0 ? (
        semFiltro ? (
          <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
            <p role="status" className="font-medium text-slate-900">
              Nenhum post ainda.
            </p>
            <p className="mt-1 text-sm text-slate-700">
              Clique em “Novo post” para escrever o primeiro. Ele fica como rascunho até você publicar.
            </p>
          </div>
        ) : (
          <p role="status" className="text-sm text-slate-600">
            Nenhum post encontrado com esses filtros.
          </p>
        )
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600">
            {total === 1 ? '1 post encontrado.' : `${total.toLocaleString('pt-BR')} posts encontrados.`}
          </p>
          <PostsTabela
            posts={posts.data.posts}
            busy={posts.isPlaceholderData}
            alternando={alternando ?? null}
            onEditar={onEditar}
            onAlternar={alternarPublicacao}
            onExcluir={setExcluindo}
          />
          <Pagination label="Páginas de posts" pagina={pagina} paginas={paginas} onChange={setPagina} />
        </>
      )}

      <ConfirmDialog
        open={excluindo !== null}
        title={excluindo ? `Excluir o post “${excluindo.titulo}”?` : ''}
        confirmLabel="Excluir post"
        pending={excluir.isPending}
        error={excluir.error ? errorMessage(excluir.error) : null}
        onClose={fecharExclusao}
        onConfirm={() => {
          if (!excluindo) return;
          const { id, titulo } = excluindo;
          excluir.mutate(id, {
            onSuccess: () => {
              showToast({ type: 'success', title: `Post “${titulo}” excluído.` });
              fecharExclusao();
            },
          });
        }}
      >
        {excluindo ? (
          <p>
            O post <strong>{excluindo.titulo}</strong>
            {excluindo.publicado ? ' sai do site e' : ''} será apagado, junto com a capa. Esta ação não pode
            ser desfeita.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

function PostsTabela({
  posts,
  busy,
  alternando,
  onEditar,
  onAlternar,
  onExcluir,
}: {
  posts: PostResumo[];
  busy: boolean;
  alternando: string | null;
  onEditar: (id: string) => void;
  onAlternar: (post: PostResumo) => void;
  onExcluir: (post: PostResumo) => void;
}) {
  const colunas: DataTableColumn<PostResumo>[] = [
    {
      header: 'Título',
      rowHeader: true,
      className: 'min-w-56 font-normal',
      cell: (post) => (
        <>
          <span className="block font-medium text-slate-900">{post.titulo}</span>
          <span className="mt-0.5 block font-mono text-xs text-slate-600">/blog/{post.slug}</span>
        </>
      ),
    },
    { header: 'Situação', cell: (post) => <StatusPost publicado={post.publicado} /> },
    {
      header: 'Data',
      className: 'whitespace-nowrap text-slate-700',
      cell: (post) =>
        post.publicado && post.publicadoEm ? (
          <>Publicado em {formatDate(post.publicadoEm)}</>
        ) : (
          <>Editado em {formatDate(post.atualizadoEm)}</>
        ),
    },
    {
      header: 'Ações',
      cell: (post) => (
        <div className="flex min-w-72 flex-wrap gap-1">
          <AcaoBotao label="Editar" titulo={post.titulo} onClick={() => onEditar(post.id)} />
          <AcaoBotao
            label={post.publicado ? 'Despublicar' : 'Publicar'}
            titulo={post.titulo}
            disabled={alternando === post.id}
            onClick={() => onAlternar(post)}
          />
          {post.publicado ? (
            <a
              href={blogPostHref(post.slug)}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50"
            >
              Ver no site <span className="sr-only">{post.titulo} (abre em nova aba)</span>
            </a>
          ) : null}
          <AcaoBotao label="Excluir" titulo={post.titulo} danger onClick={() => onExcluir(post)} />
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption="Posts do blog"
      columns={colunas}
      rows={posts}
      rowKey={(post) => post.id}
      busy={busy}
    />
  );
}

/** A row action whose accessible name says which post it acts on ("Publicar Inspeção NR-13"). */
function AcaoBotao({
  label,
  titulo,
  danger = false,
  disabled = false,
  onClick,
}: {
  label: string;
  titulo: string;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-busy={disabled || undefined}
      className={`rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap disabled:opacity-60 ${
        danger ? 'text-red-700 hover:bg-red-50' : 'text-brand-700 hover:bg-brand-50'
      }`}
    >
      {label} <span className="sr-only">{titulo}</span>
    </button>
  );
}
