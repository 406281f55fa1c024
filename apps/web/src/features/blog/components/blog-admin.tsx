import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Post } from '../api/post';
import { PostEditor } from './post-editor';
import { PostsLista } from './posts-lista';

/** ?post=novo opens the editor on a new post; ?post={id} on a saved one. */
const PARAM = 'post';
const NOVO = 'novo';

/**
 * The blog's administration: the list of posts, or the editor of one. Which one is in the address
 * (?post=), so the browser's Back returns to the list and a reload keeps the post open.
 */
export function BlogAdmin({ autorPadrao }: { autorPadrao: string }) {
  const [params, setParams] = useSearchParams();
  const aberto = params.get(PARAM);
  // The post that was new a moment ago keeps the editor it was written in (see onCriado).
  const criadoAgora = useRef<string | null>(null);
  const voltou = useRef(false);

  function abrir(valor: string | null, replace = false) {
    setParams(
      (atuais) => {
        const novos = new URLSearchParams(atuais);
        if (valor === null) novos.delete(PARAM);
        else novos.set(PARAM, valor);
        return novos;
      },
      { replace },
    );
  }

  if (aberto === null) {
    return (
      <PostsLista
        // Back from the editor: the focus goes to the list instead of being lost with the editor.
        focar={voltou.current}
        onNovo={() => abrir(NOVO)}
        onEditar={(id) => abrir(id)}
      />
    );
  }

  const postId = aberto === NOVO ? null : aberto;
  return (
    <PostEditor
      // A new editor for each post; not when a new post gets its id on the first save.
      key={postId === null || postId === criadoAgora.current ? NOVO : postId}
      postId={postId}
      autorPadrao={autorPadrao}
      onCriado={(post: Post) => {
        criadoAgora.current = post.id;
        abrir(post.id, true);
      }}
      onVoltar={() => {
        voltou.current = true;
        abrir(null);
      }}
    />
  );
}
