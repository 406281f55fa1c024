import { LIMITES_DO_POST, postInputSchema } from '@laudos/domain/api';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { SkeletonText, useRevealDelay } from '../../../components/loading';
import { type ToastOptions, useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api';
import { blogPostHref } from '../../../lib/paths';
import {
  errorMessage,
  errorsFromRequest,
  errorsFromSchema,
  type FieldErrors,
  focusFirstError,
} from '../../../lib/validation';
import { usePost } from '../api/get-post';
import { type DadosPost, useAlterarPost, useCriarPost } from '../api/mutations';
import type { Post } from '../api/post';
import { usePreviewPost } from '../api/preview';
import { useEnvioCapa } from '../api/upload-capa';
import { ArtigoHtml } from './artigo-html';
import { CapaNova, CapaPost } from './capa-post';
import { StatusPost } from './status-post';

type PostEditorProps = {
  /** null: a new post, not saved yet. */
  postId: string | null;
  /** The author's name a new post starts with (the signed-in admin). */
  autorPadrao: string;
  /** A new post was saved for the first time: from now on the editor holds that post. */
  onCriado: (post: Post) => void;
  onVoltar: () => void;
};

/** Writes a post: its fields, the Markdown with a preview, the cover, and saving or publishing it. */
export function PostEditor({ postId, autorPadrao, onCriado, onVoltar }: PostEditorProps) {
  const post = usePost(postId);
  // A new post (postId null) is never loading: its disabled query stays pending, and holding the
  // skeleton after its first save would unmount the form being written.
  const revelando = useRevealDelay(postId !== null && post.isPending);
  if (postId !== null && (post.isPending || revelando))
    return <SkeletonText lines={5} label="Carregando post..." />;
  if (postId !== null && post.isError) {
    return (
      <div className="space-y-4">
        <VoltarBotao onClick={onVoltar} />
        <ErrorNotice error={post.error} onRetry={() => void post.refetch()} />
      </div>
    );
  }
  // The same element whether the post is new or saved, so its first save keeps what is on screen.
  return (
    <Formulario
      post={postId === null ? null : (post.data ?? null)}
      autorPadrao={autorPadrao}
      onCriado={onCriado}
      onVoltar={onVoltar}
    />
  );
}

type Campo = 'titulo' | 'slug' | 'resumo' | 'autorNome' | 'conteudo';
type Valores = Record<Campo, string>;
type Modo = 'escrever' | 'previa';

function valoresDe(post: Post | null, autorPadrao: string): Valores {
  return {
    titulo: post?.titulo ?? '',
    slug: post?.slug ?? '',
    resumo: post?.resumo ?? '',
    autorNome: post ? (post.autorNome ?? '') : autorPadrao,
    conteudo: post?.conteudo ?? '',
  };
}

const numero = (valor: number) => valor.toLocaleString('pt-BR');

/** The post as the server will receive it: blank optional fields are left out. */
function dadosDe(valores: Valores) {
  const slug = valores.slug.trim();
  const autorNome = valores.autorNome.trim();
  return {
    titulo: valores.titulo,
    resumo: valores.resumo,
    conteudo: valores.conteudo,
    ...(slug ? { slug } : {}),
    ...(autorNome ? { autorNome } : {}),
  };
}

/** The server's own rules (the shared schema), checked first to answer sooner. */
function validar(valores: Valores): FieldErrors<Campo> {
  return errorsFromSchema<Campo>(postInputSchema, dadosDe(valores));
}

function Formulario({
  post,
  autorPadrao,
  onCriado,
  onVoltar,
}: {
  post: Post | null;
  autorPadrao: string;
  onCriado: (post: Post) => void;
  onVoltar: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const tituloRef = useRef<HTMLHeadingElement>(null);
  const conteudoId = useId();
  const { showToast } = useToast();
  const criar = useCriarPost();
  const alterar = useAlterarPost();
  const [salvos, setSalvos] = useState(() => valoresDe(post, autorPadrao));
  const [valores, setValores] = useState(salvos);
  const [errors, setErrors] = useState<FieldErrors<Campo>>({});
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const [modo, setModo] = useState<Modo>('escrever');
  const [descartando, setDescartando] = useState(false);
  // A new post's cover is held here until the first save gives the post an id, then sent to it
  // (as WordPress and Ghost let the featured image be chosen before the first save).
  const [capaPendente, setCapaPendente] = useState<File | null>(null);
  const envioCapa = useEnvioCapa();
  const salvando = criar.isPending || alterar.isPending || envioCapa.estado.fase === 'enviando';
  const publicado = post?.publicado ?? false;
  const alterado =
    capaPendente !== null ||
    (Object.keys(valores) as Campo[]).some((campo) => valores[campo] !== salvos[campo]);

  // Keyboard and screen-reader users start at the top of the editor.
  useEffect(() => {
    tituloRef.current?.focus();
  }, []);

  // Closing the tab or reloading would lose what is not saved: the browser asks first.
  useEffect(() => {
    if (!alterado) return;
    function avisar(event: BeforeUnloadEvent) {
      event.preventDefault();
    }
    window.addEventListener('beforeunload', avisar);
    return () => window.removeEventListener('beforeunload', avisar);
  }, [alterado]);

  function editar(campo: Campo, valor: string) {
    setValores((atuais) => ({ ...atuais, [campo]: valor }));
  }

  function salvar(publicar: boolean) {
    const found = validar(valores);
    setErrors(found);
    setErroGeral(null);
    if (Object.keys(found).length > 0) {
      if (found.conteudo && modo === 'previa') {
        // The Markdown field is hidden while previewing: show it, then move the focus once it is.
        setModo('escrever');
        setTimeout(() => focusFirstError(formRef.current, found));
      } else {
        focusFirstError(formRef.current, found);
      }
      return;
    }
    const slug = valores.slug.trim();
    const autorNome = valores.autorNome.trim();
    const dados: DadosPost = {
      titulo: valores.titulo.trim(),
      resumo: valores.resumo.trim(),
      conteudo: valores.conteudo,
      publicado: publicar,
      // Omitted: derived from the title (new post) or kept as it is (saved post).
      ...(slug && slug !== post?.slug ? { slug } : {}),
      ...(autorNome ? { autorNome } : {}),
    };
    const onSuccess = async (salvo: Post) => {
      const novos = valoresDe(salvo, autorPadrao);
      setSalvos(novos);
      setValores(novos);
      showToast(mensagemDeSucesso(post, salvo));
      if (!post && capaPendente) {
        const comCapa = await envioCapa.enviar(salvo.id, capaPendente);
        setCapaPendente(null);
        showToast(
          comCapa
            ? { type: 'success', title: 'Capa enviada.', message: capaPendente.name }
            : {
                type: 'error',
                title: 'O post foi salvo, mas a capa não foi enviada.',
                message: 'Escolha a imagem de novo em “Imagem de capa”.',
              },
        );
      }
      if (!post) onCriado(salvo);
    };
    const onError = (error: Error) => {
      const doServidor: FieldErrors<Campo> =
        error instanceof ApiError && error.code === 'SLUG_EM_USO'
          ? { slug: error.message }
          : errorsFromRequest<Campo>(error);
      if (Object.keys(doServidor).length > 0) {
        setErrors(doServidor);
        focusFirstError(formRef.current, doServidor);
        return;
      }
      setErroGeral(errorMessage(error));
    };
    if (post)
      alterar.mutate({ id: post.id, ...dados }, { onSuccess: (salvo) => void onSuccess(salvo), onError });
    else criar.mutate(dados, { onSuccess: (salvo) => void onSuccess(salvo), onError });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter in a field saves without changing whether the post is on the site.
    salvar(publicado);
  }

  function voltar() {
    if (alterado) setDescartando(true);
    else onVoltar();
  }

  const campo = (nome: Campo) => ({
    name: nome,
    value: valores[nome],
    error: errors[nome],
    onChange: (event: { target: { value: string } }) => editar(nome, event.target.value),
  });

  return (
    <div className="space-y-6">
      <VoltarBotao onClick={voltar} />

      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 ref={tituloRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          {post ? 'Editar post' : 'Novo post'}
        </h2>
        <StatusPost publicado={post?.publicado ?? false} />
        {post?.publicado ? (
          <a
            href={blogPostHref(post.slug)}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-medium text-brand-700 underline hover:text-brand-800"
          >
            Ver no site<span className="sr-only"> (abre em nova aba)</span>
          </a>
        ) : null}
      </div>

      <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Post" className="space-y-5">
        {erroGeral ? <FormAlert>{erroGeral}</FormAlert> : null}

        <TextField
          label="Título"
          autoComplete="off"
          maxLength={LIMITES_DO_POST.titulo}
          hint={`Até ${LIMITES_DO_POST.titulo} caracteres.`}
          {...campo('titulo')}
        />
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label="Slug"
            autoComplete="off"
            maxLength={LIMITES_DO_POST.slug}
            autoCapitalize="none"
            spellCheck={false}
            className="[&_input]:font-mono"
            hint={
              post
                ? `Opcional. O endereço do post é /blog/${post.slug}; mudar o slug muda o endereço. Vazio mantém o atual.`
                : 'Opcional. A parte final do endereço (/blog/…): letras minúsculas, números e hífens. Vazio: gerado a partir do título.'
            }
            {...campo('slug')}
          />
          <TextField
            label="Autor"
            autoComplete="off"
            maxLength={LIMITES_DO_POST.autorNome}
            hint="Opcional. O nome exibido no post."
            {...campo('autorNome')}
          />
        </div>
        <TextAreaField
          label="Resumo"
          rows={3}
          maxLength={LIMITES_DO_POST.resumo}
          hint={
            <>
              Aparece na lista do blog e é a descrição da página para buscadores e redes sociais (meta
              description). {numero(valores.resumo.length)} de {LIMITES_DO_POST.resumo} caracteres.
            </>
          }
          {...campo('resumo')}
        />

        <div>
          <div className="flex flex-wrap items-end justify-between gap-2">
            <label htmlFor={conteudoId} className="block text-sm font-medium text-slate-900">
              Conteúdo
            </label>
            <fieldset className="inline-flex rounded-lg bg-slate-100 p-1">
              <legend className="sr-only">Modo de edição</legend>
              <ModoBotao ativo={modo === 'escrever'} onClick={() => setModo('escrever')}>
                Escrever
              </ModoBotao>
              <ModoBotao ativo={modo === 'previa'} onClick={() => setModo('previa')}>
                Pré-visualizar
              </ModoBotao>
            </fieldset>
          </div>
          {/* Hidden, not removed, while previewing: the text keeps its caret and undo history. */}
          <textarea
            id={conteudoId}
            name="conteudo"
            hidden={modo !== 'escrever'}
            rows={20}
            maxLength={LIMITES_DO_POST.conteudo}
            value={valores.conteudo}
            onChange={(event) => editar('conteudo', event.target.value)}
            aria-invalid={errors.conteudo ? true : undefined}
            aria-describedby={
              errors.conteudo ? `${conteudoId}-dica ${conteudoId}-erro` : `${conteudoId}-dica`
            }
            className={`mt-2 block w-full rounded-lg border bg-white px-3 py-2 font-mono text-sm text-slate-900 shadow-sm ${
              errors.conteudo ? 'border-red-600' : 'border-slate-300'
            }`}
          />
          {modo === 'previa' ? <Previa conteudo={valores.conteudo} /> : null}
          <p id={`${conteudoId}-dica`} className="mt-1 text-sm text-slate-600">
            Em Markdown: <code>## Subtítulo</code>, <code>**negrito**</code>, <code>*itálico*</code>,{' '}
            <code>[texto do link](https://…)</code>, <code>- item de lista</code>, <code>&gt; citação</code>.
            Uma linha em branco separa os parágrafos. {numero(valores.conteudo.length)} de{' '}
            {numero(LIMITES_DO_POST.conteudo)} caracteres.
          </p>
          {errors.conteudo ? (
            <p id={`${conteudoId}-erro`} className="mt-1 text-sm font-medium text-red-700">
              {errors.conteudo}
            </p>
          ) : null}
        </div>

        <section className="space-y-2 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <h3 className="font-semibold text-slate-900">Imagem de capa</h3>
          {post ? (
            <CapaPost post={post} />
          ) : (
            <CapaNova arquivo={capaPendente} onChange={setCapaPendente} enviando={salvando} />
          )}
        </section>

        <div className="space-y-2 border-t border-slate-200 pt-5">
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
            {publicado ? (
              <>
                <button
                  type="button"
                  disabled={salvando}
                  aria-busy={salvando || undefined}
                  onClick={() => salvar(true)}
                  className={buttonClass('primary')}
                >
                  {salvando ? 'Salvando...' : 'Salvar alterações'}
                </button>
                <button
                  type="button"
                  disabled={salvando}
                  onClick={() => salvar(false)}
                  className={buttonClass('secondary')}
                >
                  Despublicar
                </button>
              </>
            ) : (
              <>
                <button
                  type="button"
                  disabled={salvando}
                  aria-busy={salvando || undefined}
                  onClick={() => salvar(false)}
                  className={buttonClass('secondary')}
                >
                  Salvar rascunho
                </button>
                <button
                  type="button"
                  disabled={salvando}
                  aria-busy={salvando || undefined}
                  onClick={() => salvar(true)}
                  className={buttonClass('primary')}
                >
                  Publicar
                </button>
              </>
            )}
            {salvando ? (
              <span role="status" className="text-sm text-slate-700">
                Salvando...
              </span>
            ) : alterado ? (
              <span className="text-sm text-amber-800">Alterações não salvas.</span>
            ) : null}
          </div>
          <p className="text-sm text-slate-600">
            {publicado
              ? '“Salvar alterações” atualiza o post no site. “Despublicar” tira o post do site e o guarda como rascunho, com as alterações.'
              : '“Salvar rascunho” guarda o post sem mostrá-lo no site. “Publicar” salva e põe o post no site.'}
          </p>
        </div>
      </form>

      <ConfirmDialog
        open={descartando}
        title="Descartar as alterações?"
        confirmLabel="Descartar alterações"
        onClose={() => setDescartando(false)}
        onConfirm={() => {
          setDescartando(false);
          onVoltar();
        }}
      >
        <p>O que você mudou desde o último salvamento será perdido.</p>
      </ConfirmDialog>
    </div>
  );
}

function mensagemDeSucesso(antes: Post | null, salvo: Post): ToastOptions {
  if (salvo.publicado && !antes?.publicado)
    return { type: 'success', title: 'Post publicado.', message: `Disponível em /blog/${salvo.slug}.` };
  if (salvo.publicado) return { type: 'success', title: 'Alterações publicadas.' };
  if (antes?.publicado)
    return {
      type: 'success',
      title: 'Post despublicado.',
      message: 'Ele saiu do site e voltou a ser rascunho.',
    };
  return { type: 'success', title: 'Rascunho salvo.' };
}

function Previa({ conteudo }: { conteudo: string }) {
  const vazio = conteudo.trim() === '';
  const previa = usePreviewPost(conteudo, !vazio);
  return (
    <div className="mt-2 min-h-40 rounded-lg border border-slate-300 bg-white p-4 sm:p-6">
      {vazio ? (
        <p className="text-sm text-slate-600">Escreva o conteúdo para ver a pré-visualização.</p>
      ) : previa.isError ? (
        <FormAlert>{errorMessage(previa.error)}</FormAlert>
      ) : previa.data === undefined ? (
        <p role="status" className="text-sm text-slate-600">
          Gerando a pré-visualização...
        </p>
      ) : (
        <ArtigoHtml html={previa.data} label="Pré-visualização" />
      )}
    </div>
  );
}

function ModoBotao({ ativo, onClick, children }: { ativo: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={ativo}
      onClick={onClick}
      className={`rounded-md px-3 py-1 text-sm font-semibold ${
        ativo ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:text-slate-900'
      }`}
    >
      {children}
    </button>
  );
}

function VoltarBotao({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className="text-sm font-medium text-brand-700 hover:underline">
      <span aria-hidden="true">←</span> Voltar aos posts
    </button>
  );
}
