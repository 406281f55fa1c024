import type { PaginaDePosts } from '@laudos/domain';
import { Link } from 'react-router';
import { CapaPlaceholder } from '../../../features/marketing/capa-placeholder';
import { formatPostDate, isoDate } from '../../../features/marketing/post-date';
import { blogPostHref, paths } from '../../../lib/paths';
import { useSiteInfo } from '../../../lib/site-info';

export function blogListMeta(pagina: number) {
  return {
    title: pagina > 1 ? `Blog — página ${pagina}` : 'Blog',
    description:
      'Artigos sobre inspeções NR-13 e NR-12, elevadores, manutenção preditiva e como manter seus laudos técnicos em dia.',
  };
}

export function blogPageHref(pagina: number, basePath: string = paths.blog): string {
  return pagina > 1 ? `${basePath}?pagina=${pagina}` : basePath;
}

/** The published posts, newest first, one page at a time (links, so it works without JavaScript). */
export function BlogListPage({ blog, basePath }: { blog: PaginaDePosts; basePath: string }) {
  const { timeZone } = useSiteInfo();
  const paginas = Math.max(1, Math.ceil(blog.total / blog.porPagina));
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">Blog</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">
        Normas regulamentadoras, inspeções e manutenção explicadas por quem assina os laudos.
      </p>
      {blog.posts.length === 0 ? (
        <p className="mt-10 rounded-xl border border-slate-200 p-8 text-center text-slate-700">
          Nenhum artigo publicado ainda. Volte em breve.
        </p>
      ) : (
        <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {blog.posts.map((post) => (
            <li key={post.id}>
              <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-700 hover:shadow-md">
                {post.capa ? (
                  <img
                    src={post.capa.url}
                    alt=""
                    width={post.capa.largura}
                    height={post.capa.altura}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[16/9] w-full object-cover"
                  />
                ) : (
                  <CapaPlaceholder className="aspect-[16/9] w-full" />
                )}
                <div className="flex flex-1 flex-col p-5">
                  <h2 className="text-lg font-semibold text-slate-900">
                    <Link
                      to={blogPostHref(post.slug)}
                      className="after:absolute after:inset-0 focus-visible:outline-none"
                    >
                      {post.titulo}
                    </Link>
                  </h2>
                  <p className="mt-2 flex-1 text-sm text-slate-700">{post.resumo}</p>
                  <p className="mt-4 text-sm text-slate-700">
                    <time dateTime={isoDate(post.publicadoEm)}>
                      {formatPostDate(post.publicadoEm, timeZone)}
                    </time>{' '}
                    · {post.autorNome}
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {paginas > 1 && (
        <nav aria-label="Páginas do blog" className="mt-12 flex items-center justify-between gap-4">
          {blog.pagina > 1 ? (
            <Link
              to={blogPageHref(blog.pagina - 1, basePath)}
              rel="prev"
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              ← Artigos mais recentes
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-700">
            Página {blog.pagina} de {paginas}
          </span>
          {blog.pagina < paginas ? (
            <Link
              to={blogPageHref(blog.pagina + 1, basePath)}
              rel="next"
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              Artigos anteriores →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
