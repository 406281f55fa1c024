import { useEffect, useId, useState } from 'react';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/validation';
import { useRemoverCapa } from '../api/mutations';
import type { Post } from '../api/post';
import { CAPA_ACEITA, CAPA_TAMANHO_MAXIMO_MB, erroDaCapa, useEnvioCapa } from '../api/upload-capa';

/**
 * The cover of a saved post: the current image, a file input to send or replace it (with progress
 * and the server's message on failure) and "Remover capa". A new post has no id to attach it to
 * yet: CapaNova holds the chosen file until the first save.
 */
export function CapaPost({ post }: { post: Post }) {
  const { showToast } = useToast();
  const inputId = useId();
  const dicaId = useId();
  const erroId = useId();
  const envio = useEnvioCapa();
  const remover = useRemoverCapa();
  const [confirmando, setConfirmando] = useState(false);
  const enviando = envio.estado.fase === 'enviando';
  const erro = envio.estado.fase === 'erro' ? envio.estado.mensagem : null;

  async function escolher(input: HTMLInputElement) {
    const arquivo = input.files?.[0];
    // Cleared so choosing the same file again (after fixing it) still triggers a change.
    input.value = '';
    if (!arquivo) return;
    const problema = erroDaCapa(arquivo);
    if (problema) {
      envio.falhar(problema);
      return;
    }
    const atualizado = await envio.enviar(post.id, arquivo);
    if (atualizado) showToast({ type: 'success', title: 'Capa enviada.', message: arquivo.name });
  }

  return (
    <div className="space-y-3">
      {post.capa ? (
        <img
          src={post.capa.url}
          width={post.capa.largura}
          height={post.capa.altura}
          alt={`Capa atual do post “${post.titulo}”`}
          className="h-auto max-h-64 w-auto max-w-full rounded-lg object-contain ring-1 ring-slate-200"
        />
      ) : (
        <p className="text-sm text-slate-600">Este post ainda não tem capa.</p>
      )}

      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
          Capa
        </label>
        <input
          id={inputId}
          type="file"
          name="arquivo"
          accept={CAPA_ACEITA}
          disabled={enviando}
          aria-describedby={erro ? `${dicaId} ${erroId}` : dicaId}
          aria-invalid={erro ? true : undefined}
          onChange={(event) => void escolher(event.currentTarget)}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-50 disabled:opacity-60"
        />
        <p id={dicaId} className="mt-1 text-sm text-slate-600">
          PNG, JPEG ou WebP, até {CAPA_TAMANHO_MAXIMO_MB} MB.{' '}
          {post.capa ? 'A nova imagem substitui a atual.' : 'Aparece no topo do post e na lista do blog.'}
        </p>
        {erro ? (
          <p id={erroId} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {erro}
          </p>
        ) : null}
        {envio.estado.fase === 'enviando' ? (
          <div className="mt-2">
            <div className="flex justify-between text-sm text-slate-700">
              <span>Enviando a capa...</span>
              <span aria-hidden="true">{envio.estado.percentual}%</span>
            </div>
            <progress
              aria-label="Envio da capa"
              max={100}
              value={envio.estado.percentual}
              className="mt-1 h-2 w-full overflow-hidden rounded-full accent-brand-700"
            />
          </div>
        ) : null}
      </div>

      {post.capa ? (
        <button
          type="button"
          disabled={enviando}
          onClick={() => setConfirmando(true)}
          className={buttonClass('secondary', 'sm')}
        >
          Remover capa
        </button>
      ) : null}

      <ConfirmDialog
        open={confirmando}
        title="Remover a capa?"
        confirmLabel="Remover capa"
        pending={remover.isPending}
        error={remover.error ? errorMessage(remover.error) : null}
        onClose={() => {
          setConfirmando(false);
          remover.reset();
        }}
        onConfirm={() =>
          remover.mutate(post.id, {
            onSuccess: () => {
              setConfirmando(false);
              envio.limpar();
              showToast({ type: 'success', title: 'Capa removida.' });
            },
          })
        }
      >
        <p>
          A imagem de capa de <strong>{post.titulo}</strong> será apagada. Você pode enviar outra depois.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/**
 * The cover of a post not saved yet: the file is checked and shown at once, and the editor sends
 * it right after the first save creates the post (see PostEditor).
 */
export function CapaNova({
  arquivo,
  onChange,
  enviando,
}: {
  arquivo: File | null;
  onChange: (arquivo: File | null) => void;
  enviando: boolean;
}) {
  const inputId = useId();
  const dicaId = useId();
  const erroId = useId();
  const [erro, setErro] = useState<string | null>(null);
  const [previa, setPrevia] = useState<string | null>(null);

  // A local preview of the chosen image; the object URL is freed when the file changes.
  useEffect(() => {
    if (!arquivo || typeof URL.createObjectURL !== 'function') {
      setPrevia(null);
      return;
    }
    const url = URL.createObjectURL(arquivo);
    setPrevia(url);
    return () => URL.revokeObjectURL(url);
  }, [arquivo]);

  function escolher(input: HTMLInputElement) {
    const escolhido = input.files?.[0];
    input.value = '';
    if (!escolhido) return;
    const problema = erroDaCapa(escolhido);
    setErro(problema ?? null);
    if (!problema) onChange(escolhido);
  }

  return (
    <div className="space-y-3">
      {arquivo && previa ? (
        <img
          src={previa}
          alt={`Capa escolhida: ${arquivo.name}`}
          className="h-auto max-h-64 w-auto max-w-full rounded-lg object-contain ring-1 ring-slate-200"
        />
      ) : null}
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
          Capa
        </label>
        <input
          id={inputId}
          type="file"
          name="arquivo"
          accept={CAPA_ACEITA}
          disabled={enviando}
          aria-describedby={erro ? `${dicaId} ${erroId}` : dicaId}
          aria-invalid={erro ? true : undefined}
          onChange={(event) => escolher(event.currentTarget)}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-50 disabled:opacity-60"
        />
        <p id={dicaId} className="mt-1 text-sm text-slate-600">
          PNG, JPEG ou WebP, até {CAPA_TAMANHO_MAXIMO_MB} MB.{' '}
          {arquivo
            ? `“${arquivo.name}” será enviada quando você salvar o post.`
            : 'Aparece no topo do post e na lista do blog; é enviada quando você salvar o post.'}
        </p>
        {erro ? (
          <p id={erroId} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {erro}
          </p>
        ) : null}
        {enviando && arquivo ? (
          <p role="status" className="mt-2 text-sm text-slate-700">
            Enviando a capa...
          </p>
        ) : null}
      </div>
      {arquivo ? (
        <button
          type="button"
          disabled={enviando}
          onClick={() => onChange(null)}
          className={buttonClass('secondary', 'sm')}
        >
          Não usar esta imagem
        </button>
      ) : null}
    </div>
  );
}
