import { type ApiHandler, type ApiRequest, apiError } from '../../../test/api-mock';
import type { DadosPost } from '../api/mutations';
import type { Post, PostResumo } from '../api/post';

type Answer = { status?: number; body?: unknown };

/** A post as the server answers; override what the test is about. */
export function postFactory(overrides: Partial<Post> = {}): Post {
  return {
    id: 'p-1',
    slug: 'inspecao-nr-13',
    titulo: 'Inspeção NR-13',
    resumo: 'O que a NR-13 pede de caldeiras e vasos de pressão.',
    autorNome: 'Ana Admin',
    publicado: true,
    publicadoEm: '2026-11-10T12:00:00.000Z',
    criadoEm: '2026-11-01T12:00:00.000Z',
    atualizadoEm: '2026-11-10T12:00:00.000Z',
    capa: null,
    conteudo: '## Seção\n\nTexto **forte**.',
    conteudoHtml: '<h2>Seção</h2><p>Texto <strong>forte</strong>.</p>',
    ...overrides,
  };
}

function resumoDe({ conteudo: _conteudo, conteudoHtml: _html, ...resumo }: Post): PostResumo {
  return resumo;
}

/**
 * A small in-memory blog API for the admin screens: the list follows what was created, changed or
 * deleted. `extra` replaces or adds handlers (e.g. a 409 on create).
 */
export function fakeBlogApi(inicial: Post[], extra: Record<string, ApiHandler> = {}) {
  const posts = [...inicial];
  let proximoId = 1;

  const lista: ApiHandler = ({ url }) => {
    const status = url.searchParams.get('status') ?? 'todos';
    const busca = (url.searchParams.get('busca') ?? '').toLowerCase();
    const pagina = Number(url.searchParams.get('pagina') ?? '1');
    const porPagina = Number(url.searchParams.get('porPagina') ?? '20');
    const filtrados = posts.filter(
      (post) =>
        (status === 'todos' || post.publicado === (status === 'publicados')) &&
        post.titulo.toLowerCase().includes(busca),
    );
    return {
      body: {
        posts: filtrados.slice((pagina - 1) * porPagina, pagina * porPagina).map(resumoDe),
        total: filtrados.length,
        pagina,
        porPagina,
      },
    };
  };

  function comPost(request: ApiRequest, acao: (post: Post, indice: number) => Answer) {
    const id = request.path.split('/')[5] ?? '';
    const indice = posts.findIndex((post) => post.id === id);
    const post = posts[indice];
    if (!post) return apiError(404, 'POST_NAO_ENCONTRADO', 'Post não encontrado.');
    return acao(post, indice);
  }

  function gravar(indice: number, post: Post) {
    posts[indice] = post;
    return { body: post };
  }

  const handlers: Record<string, ApiHandler> = {
    'GET /api/admin/blog/posts': lista,
    'POST /api/admin/blog/posts': ({ body }) => {
      const dados = body as DadosPost;
      const post = postFactory({
        id: `p-novo-${proximoId++}`,
        slug: dados.slug ?? 'post-novo',
        titulo: dados.titulo,
        resumo: dados.resumo,
        conteudo: dados.conteudo,
        conteudoHtml: `<p>${dados.conteudo}</p>`,
        autorNome: dados.autorNome ?? 'Equipe',
        publicado: dados.publicado ?? false,
        publicadoEm: dados.publicado ? '2026-11-21T12:00:00.000Z' : null,
        atualizadoEm: '2026-11-21T12:00:00.000Z',
      });
      posts.unshift(post);
      return { status: 201, body: post };
    },
    'POST /api/admin/blog/preview': ({ body }) => ({
      body: { html: `<h2>Prévia</h2><p>${(body as { conteudo: string }).conteudo}</p>` },
    }),
  };

  for (const id of ['p-1', 'p-2', 'p-3', 'p-novo-1', 'p-novo-2']) {
    const base = `/api/admin/blog/posts/${id}`;
    handlers[`GET ${base}`] = (request) => comPost(request, (post) => ({ body: post }));
    handlers[`PUT ${base}`] = (request) =>
      comPost(request, (post, indice) => {
        const dados = request.body as DadosPost;
        return gravar(indice, {
          ...post,
          ...dados,
          slug: dados.slug ?? post.slug,
          publicado: dados.publicado ?? post.publicado,
        });
      });
    handlers[`POST ${base}/publicar`] = (request) =>
      comPost(request, (post, indice) =>
        gravar(indice, { ...post, publicado: true, publicadoEm: '2026-11-21T12:00:00.000Z' }),
      );
    handlers[`POST ${base}/despublicar`] = (request) =>
      comPost(request, (post, indice) => gravar(indice, { ...post, publicado: false }));
    handlers[`DELETE ${base}`] = (request) =>
      comPost(request, (_post, indice) => {
        posts.splice(indice, 1);
        return { status: 204 };
      });
    handlers[`DELETE ${base}/capa`] = (request) =>
      comPost(request, (post, indice) => gravar(indice, { ...post, capa: null }));
  }

  return { handlers: { ...handlers, ...extra }, posts };
}
