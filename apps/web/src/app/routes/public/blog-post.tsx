import type { PostPublico } from '@laudos/domain';
import { Link } from 'react-router';
import { CapaPlaceholder } from '../../../features/marketing/capa-placeholder';
import { formatPostDate, isoDate } from '../../../features/marketing/post-date';
import { paths } from '../../../lib/paths';
import { useSiteInfo } from '../../../lib/site-info';

export function blogPostMeta(post: PostPublico) {
  return { title: post.titulo, description: post.resumo };
}

/**
 * One published post. `conteudoHtml` comes from the server's Markdown renderer, which escapes raw
 * HTML and sanitises the result (apps/server/src/modules/blog/markdown.ts).
 */
export function BlogPostPage({ post }: { post: PostPublico }) {
  const { timeZone } = useSiteInfo();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <p>
        <Link to={paths.blog} className="text-sm font-semibold text-brand-700 underline underline-offset-4">
          ← Todos os artigos
        </Link>
      </p>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {post.titulo}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{post.resumo}</p>
      <p className="mt-4 text-sm text-slate-700">
        Por {post.autorNome} ·{' '}
        <time dateTime={isoDate(post.publicadoEm)}>{formatPostDate(post.publicadoEm, timeZone)}</time>
      </p>
      {post.capa ? (
        // The cover is the first thing seen: loaded at once (lazy loading it would delay the page).
        <img
          src={post.capa.url}
          alt=""
          width={post.capa.largura}
          height={post.capa.altura}
          decoding="async"
          fetchPriority="high"
          className="mt-8 aspect-[16/9] w-full rounded-xl object-cover"
        />
      ) : (
        // Lower than a cover: it marks the place without pushing the text down a whole screen.
        <CapaPlaceholder className="mt-8 aspect-[3/1] w-full rounded-xl" />
      )}
      <div
        className="prose-laudos mt-10"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server, see above.
        dangerouslySetInnerHTML={{ __html: post.conteudoHtml }}
      />
    </article>
  );
}
