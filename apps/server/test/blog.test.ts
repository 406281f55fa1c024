import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buscarPostPublicado,
  listarPostsParaSitemap,
  listarPostsPublicados,
} from '../src/modules/blog/service.ts';
import { imagem, pngDeclarando } from '../src/modules/blog/test-fixtures.ts';
import { createAdmin, createUser, json } from './helpers/accounts.ts';
import { multipart, uploadCapa } from './helpers/security.ts';
import { createTestServer, signIn, TEST_ORIGIN, type TestServer } from './helpers/server.ts';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup() {
  t = await createTestServer({ JOBS: 'off' });
  const admin = await createAdmin(t);
  const cliente = await createUser(t, { email: 'leitor@acme.com.br', nome: 'Leitor' });
  const clienteCookie = await signIn(t.app, cliente.email, cliente.password);
  const storageRoot = path.join(t.dataDir, 'storage', 'laudos');
  return { t, admin, clienteCookie, storageRoot };
}

const corpo = (overrides: Record<string, unknown> = {}) => ({
  titulo: 'Inspeção de Caldeiras',
  resumo: 'O que a NR-13 pede e como se preparar.',
  conteudo: '# Introdução\n\nTexto do post com [link](https://www.gov.br).',
  ...overrides,
});

async function criar(t: TestServer, cookie: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/admin/blog/posts', headers: json(cookie), payload: body });
}

async function criarOk(t: TestServer, cookie: string, overrides: Record<string, unknown> = {}) {
  const res = await criar(t, cookie, corpo(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const get = (t: TestServer, url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const acao = (t: TestServer, cookie: string, id: string, qual: 'publicar' | 'despublicar') =>
  t.app.inject({ method: 'POST', url: `/api/admin/blog/posts/${id}/${qual}`, headers: json(cookie) });

const enviarCapa = (
  t: TestServer,
  cookie: string,
  id: string,
  content: Buffer,
  filename = 'capa.png',
  field = 'arquivo',
) => uploadCapa(t, cookie, id, filename, content, { field, contentType: 'image/png' });

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe('blog: the admin writes, publishes, unpublishes and deletes', () => {
  it('goes through a post’s whole life', async () => {
    const { t, admin } = await setup();
    const criado = await criarOk(t, admin.cookie);
    expect(criado).toMatchObject({
      slug: 'inspecao-de-caldeiras',
      titulo: 'Inspeção de Caldeiras',
      autorNome: 'Firma',
      publicado: false,
      publicadoEm: null,
      capa: null,
      conteudo: '# Introdução\n\nTexto do post com [link](https://www.gov.br).',
    });
    expect(criado.conteudoHtml).toContain('<h2>Introdução</h2>');
    expect(criado.conteudoHtml).toContain('rel="noopener noreferrer nofollow"');

    // Editing keeps the slug when none is sent, and may rename the author.
    const editado = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blog/posts/${criado.id}`,
      headers: json(admin.cookie),
      payload: corpo({ titulo: '  Caldeiras: o guia  ', autorNome: 'Eng. Ana Souza' }),
    });
    expect(editado.statusCode, editado.body).toBe(200);
    expect(editado.json()).toMatchObject({
      titulo: 'Caldeiras: o guia',
      slug: 'inspecao-de-caldeiras',
      autorNome: 'Eng. Ana Souza',
      publicado: false,
    });
    expect((await get(t, `/api/blog/posts/${criado.id}`)).statusCode).toBe(404);

    const publicado = (await acao(t, admin.cookie, criado.id, 'publicar')).json();
    expect(publicado.publicado).toBe(true);
    expect(Date.parse(publicado.publicadoEm)).toBeGreaterThan(Date.now() - 60_000);
    for (const chave of [criado.id, 'inspecao-de-caldeiras']) {
      const pub = await get(t, `/api/blog/posts/${chave}`);
      expect(pub.statusCode).toBe(200);
      expect(pub.json()).toMatchObject({
        id: criado.id,
        slug: 'inspecao-de-caldeiras',
        titulo: 'Caldeiras: o guia',
        autorNome: 'Eng. Ana Souza',
        publicadoEm: publicado.publicadoEm,
        capa: null,
      });
      expect(pub.json().conteudoHtml).toContain('<h2>Introdução</h2>');
      expect(pub.json()).not.toHaveProperty('conteudo');
      expect(pub.json()).not.toHaveProperty('publicado');
    }

    // Unpublished it is gone for the public; republished it keeps its first date.
    const despublicado = (await acao(t, admin.cookie, criado.id, 'despublicar')).json();
    expect(despublicado).toMatchObject({ publicado: false, publicadoEm: publicado.publicadoEm });
    expect((await get(t, `/api/blog/posts/${criado.id}`)).statusCode).toBe(404);
    expect((await get(t, '/api/blog/posts/inspecao-de-caldeiras')).statusCode).toBe(404);
    const republicado = (await acao(t, admin.cookie, criado.id, 'publicar')).json();
    expect(republicado.publicadoEm).toBe(publicado.publicadoEm);

    // Unless the admin gives a new date.
    const redatado = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blog/posts/${criado.id}`,
      headers: json(admin.cookie),
      payload: corpo({ publicadoEm: '2026-01-15T09:00:00-03:00' }),
    });
    expect(redatado.json()).toMatchObject({ publicado: true, publicadoEm: '2026-01-15T12:00:00.000Z' });

    const removido = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/blog/posts/${criado.id}`,
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    expect(removido.statusCode).toBe(204);
    const depois = await get(t, `/api/admin/blog/posts/${criado.id}`, admin.cookie);
    expect(depois.statusCode).toBe(404);
    expect(depois.json().error).toEqual({ code: 'POST_NAO_ENCONTRADO', message: 'Post não encontrado.' });
    expect((await get(t, `/api/blog/posts/${criado.id}`)).statusCode).toBe(404);
  });

  it('creates a post already published, and lists and searches in the admin', async () => {
    const { t, admin } = await setup();
    const pub = await criarOk(t, admin.cookie, { titulo: 'Publicado já', publicado: true });
    expect(pub.publicado).toBe(true);
    expect(pub.publicadoEm).not.toBeNull();
    const rascunho = await criarOk(t, admin.cookie, { titulo: 'Rascunho sobre SPDA', resumo: 'Para-raios' });

    const lista = async (query: string) =>
      (await get(t, `/api/admin/blog/posts${query}`, admin.cookie)).json() as {
        posts: { id: string; publicado: boolean; criadoEm: string }[];
        total: number;
      };
    const todos = await lista('');
    expect(todos.total).toBe(2);
    // Most recently changed first.
    expect(todos.posts.map((p) => p.id)).toEqual([rascunho.id, pub.id]);
    expect(todos.posts[0]!.criadoEm).toEqual(expect.any(String));
    expect((await lista('?status=publicados')).posts.map((p) => p.id)).toEqual([pub.id]);
    expect((await lista('?status=rascunhos')).posts.map((p) => p.id)).toEqual([rascunho.id]);
    expect((await lista('?busca=para-raios')).posts.map((p) => p.id)).toEqual([rascunho.id]);
    expect((await lista('?busca=SPDA')).posts.map((p) => p.id)).toEqual([rascunho.id]);
    expect((await lista('?busca=100%25')).total).toBe(0);
    expect((await get(t, '/api/admin/blog/posts?status=outro', admin.cookie)).statusCode).toBe(400);
  });

  it('the preview renders the same safe HTML', async () => {
    const { t, admin } = await setup();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/preview',
      headers: json(admin.cookie),
      payload: {
        conteudo:
          '## Título\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))\n\n**ok**',
      },
    });
    expect(res.statusCode).toBe(200);
    const { html } = res.json();
    expect(html).toContain('<h2>Título</h2>');
    expect(html).toContain('<strong>ok</strong>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('blog: who may do what', () => {
  it('a visitor gets 401 and a client 403 on every admin route, and nothing changes', async () => {
    const { t, admin, clienteCookie } = await setup();
    const post = await criarOk(t, admin.cookie);
    const png = await imagem(50, 50).png().toBuffer();
    const rotas: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown; capa?: true }[] = [
      { method: 'GET', url: '/api/admin/blog/posts' },
      { method: 'GET', url: `/api/admin/blog/posts/${post.id}` },
      { method: 'POST', url: '/api/admin/blog/posts', body: corpo({ titulo: 'Invasor' }) },
      { method: 'PUT', url: `/api/admin/blog/posts/${post.id}`, body: corpo({ titulo: 'Alterado' }) },
      { method: 'POST', url: `/api/admin/blog/posts/${post.id}/publicar`, body: {} },
      { method: 'POST', url: `/api/admin/blog/posts/${post.id}/despublicar`, body: {} },
      { method: 'PUT', url: `/api/admin/blog/posts/${post.id}/capa`, capa: true },
      { method: 'DELETE', url: `/api/admin/blog/posts/${post.id}/capa` },
      { method: 'DELETE', url: `/api/admin/blog/posts/${post.id}` },
      { method: 'POST', url: '/api/admin/blog/preview', body: { conteudo: 'x' } },
    ];
    for (const [quem, cookie, status, code] of [
      ['visitante', undefined, 401, 'NAO_AUTENTICADO'],
      ['cliente', clienteCookie, 403, 'ACESSO_NEGADO'],
    ] as const) {
      for (const rota of rotas) {
        const mp = rota.capa ? multipart('capa.png', png, { contentType: 'image/png' }) : undefined;
        const res = await t.app.inject({
          method: rota.method,
          url: rota.url,
          headers: {
            origin: TEST_ORIGIN,
            ...(cookie ? { cookie } : {}),
            ...(mp ? { 'content-type': mp.contentType } : {}),
            ...(rota.body ? { 'content-type': 'application/json' } : {}),
          },
          ...(mp ? { payload: mp.payload } : rota.body ? { payload: JSON.stringify(rota.body) } : {}),
        });
        expect(res.statusCode, `${quem} ${rota.method} ${rota.url}`).toBe(status);
        expect(res.json().error.code).toBe(code);
      }
    }
    const depois = (await get(t, `/api/admin/blog/posts/${post.id}`, admin.cookie)).json();
    expect(depois).toMatchObject({ titulo: post.titulo, publicado: false, capa: null });
    expect((await get(t, '/api/admin/blog/posts', admin.cookie)).json().total).toBe(1);
  });

  it('a draft is invisible to the public: list, id, slug and cover', async () => {
    const { t, admin, clienteCookie } = await setup();
    const rascunho = await criarOk(t, admin.cookie, { titulo: 'Rascunho secreto' });
    const capa = await enviarCapa(t, admin.cookie, rascunho.id, await imagem(400, 200).png().toBuffer());
    expect(capa.statusCode, capa.body).toBe(200);
    const capaUrl = capa.json().capa.url as string;

    for (const cookie of [undefined, clienteCookie]) {
      const lista = (await get(t, '/api/blog/posts', cookie)).json();
      expect(lista).toEqual({ posts: [], total: 0, pagina: 1, porPagina: 9 });
      for (const url of [
        `/api/blog/posts/${rascunho.id}`,
        '/api/blog/posts/rascunho-secreto',
        capaUrl,
        `/api/blog/posts/${rascunho.id}/capa`,
      ]) {
        const res = await get(t, url, cookie);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error.code).toBe('POST_NAO_ENCONTRADO');
      }
    }
    // The admin's editor shows the draft's cover, kept out of shared caches.
    const doAdmin = await get(t, capaUrl, admin.cookie);
    expect(doAdmin.statusCode).toBe(200);
    expect(doAdmin.headers['content-type']).toBe('image/webp');
    expect(doAdmin.headers['cache-control']).toBe('private, no-store');
    expect((await get(t, '/blog/rss.xml')).body).not.toContain('Rascunho secreto');
  });
});

describe('blog: the public list', () => {
  it('pages through published posts newest first; drafts do not count', async () => {
    const { t, admin } = await setup();
    const ids: string[] = [];
    for (const [i, dia] of [3, 1, 5, 2, 4].entries()) {
      const p = await criarOk(t, admin.cookie, {
        titulo: `Post ${i}`,
        publicado: true,
        publicadoEm: `2026-02-0${dia}T10:00:00Z`,
      });
      ids[dia] = p.id;
    }
    await criarOk(t, admin.cookie, { titulo: 'Rascunho', publicadoEm: '2026-02-09T10:00:00Z' });
    const pagina = async (n: number) => (await get(t, `/api/blog/posts?pagina=${n}&porPagina=2`)).json();
    const p1 = await pagina(1);
    expect(p1).toMatchObject({ total: 5, pagina: 1, porPagina: 2 });
    const ordem = [...p1.posts, ...(await pagina(2)).posts, ...(await pagina(3)).posts].map(
      (p: { id: string }) => p.id,
    );
    expect(ordem).toEqual([ids[5], ids[4], ids[3], ids[2], ids[1]]);
    expect((await pagina(4)).posts).toEqual([]);
    expect(p1.posts[0]).toEqual({
      id: ids[5],
      slug: 'post-2',
      titulo: 'Post 2',
      resumo: corpo().resumo,
      autorNome: 'Firma',
      publicadoEm: '2026-02-05T10:00:00.000Z',
      atualizadoEm: expect.any(String),
      capa: null,
    });

    // The same functions the web rendering calls.
    const db = t.server.database.db;
    expect((await listarPostsPublicados(db, { pagina: 1, porPagina: 9 })).total).toBe(5);
    expect((await buscarPostPublicado(db, 'post-2'))?.id).toBe(ids[5]);
    expect(await buscarPostPublicado(db, 'rascunho')).toBeNull();
    expect(await buscarPostPublicado(db, "'; drop table blog_posts; --")).toBeNull();
    expect(await buscarPostPublicado(db, '00000000-0000-4000-8000-000000000000')).toBeNull();
    const sitemap = await listarPostsParaSitemap(db);
    expect(sitemap.map((s) => s.slug)).toEqual(['post-2', 'post-4', 'post-0', 'post-3', 'post-1']);
    expect(sitemap[0]!.atualizadoEm).toMatch(/^\d{4}-\d\d-\d\dT/);

    for (const q of ['porPagina=0', 'porPagina=51', 'pagina=0', 'pagina=abc']) {
      const res = await get(t, `/api/blog/posts?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('DADOS_INVALIDOS');
    }
  });
});

describe('blog: slugs and validation', () => {
  it('derives the slug from the title, adding -2, -3 when taken; a chosen taken slug is 409', async () => {
    const { t, admin } = await setup();
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await criarOk(t, admin.cookie)).slug);
    expect(slugs).toEqual(['inspecao-de-caldeiras', 'inspecao-de-caldeiras-2', 'inspecao-de-caldeiras-3']);
    expect((await criarOk(t, admin.cookie, { titulo: '¡¿?!' })).slug).toBe('post');
    const longo = await criarOk(t, admin.cookie, { titulo: `${'Palavra '.repeat(15)}fim` });
    expect(longo.slug.length).toBeLessThanOrEqual(80);
    expect(longo.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

    const escolhido = await criarOk(t, admin.cookie, { slug: 'meu-endereco' });
    expect(escolhido.slug).toBe('meu-endereco');
    const dup = await criar(t, admin.cookie, corpo({ slug: 'meu-endereco' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toEqual({
      code: 'SLUG_EM_USO',
      message: 'Já existe um post com este endereço (slug).',
    });
    const outro = await criarOk(t, admin.cookie, { titulo: 'Outro' });
    const roubo = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blog/posts/${outro.id}`,
      headers: json(admin.cookie),
      payload: corpo({ slug: 'meu-endereco' }),
    });
    expect(roubo.statusCode).toBe(409);
    expect(roubo.json().error.code).toBe('SLUG_EM_USO');
    // Keeping one's own slug is not a conflict.
    const mesmo = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blog/posts/${escolhido.id}`,
      headers: json(admin.cookie),
      payload: corpo({ slug: 'meu-endereco' }),
    });
    expect(mesmo.statusCode).toBe(200);
  });

  it('says in Portuguese what is wrong, and bad input is never a 500', async () => {
    const { t, admin } = await setup();
    const casos: [Record<string, unknown>, string][] = [
      [corpo({ titulo: '   ' }), 'Informe o título do post.'],
      [{ resumo: 'r', conteudo: 'c' }, 'Informe o título do post.'],
      [corpo({ titulo: 'x'.repeat(161) }), 'O título deve ter no máximo 160 caracteres.'],
      [corpo({ resumo: '' }), 'Informe o resumo do post.'],
      [corpo({ resumo: 'x'.repeat(301) }), 'O resumo deve ter no máximo 300 caracteres.'],
      [corpo({ conteudo: ' \n ' }), 'Escreva o conteúdo do post.'],
      [corpo({ conteudo: 'x'.repeat(100_001) }), 'O conteúdo deve ter no máximo 100.000 caracteres.'],
      [corpo({ slug: 'Com Maiúsculas' }), 'O slug deve ter apenas letras minúsculas, números e hífens.'],
      [corpo({ slug: 'a--b' }), 'O slug deve ter apenas letras minúsculas, números e hífens.'],
      [corpo({ slug: '-a' }), 'O slug deve ter apenas letras minúsculas, números e hífens.'],
      [corpo({ slug: 'a'.repeat(81) }), 'O slug deve ter no máximo 80 caracteres.'],
      [
        corpo({ slug: '123e4567-e89b-42d3-a456-426614174000' }),
        'O slug não pode ter o formato de um identificador (UUID).',
      ],
      [corpo({ autorNome: ' ' }), 'Informe o nome do autor (até 120 caracteres).'],
      [
        corpo({ publicadoEm: 'ontem' }),
        'Data de publicação inválida: use o formato ISO 8601 (ex.: 2026-05-01T12:00:00Z).',
      ],
      [corpo({ publicado: 'sim' }), 'Indique se o post está publicado (verdadeiro ou falso).'],
    ];
    for (const [body, message] of casos) {
      const res = await criar(t, admin.cookie, body);
      expect(res.statusCode, message).toBe(400);
      const { campos, ...erro } = res.json().error;
      expect(erro).toEqual({ code: 'DADOS_INVALIDOS', message });
      // The field-by-field list says the same, next to the field the editor marks.
      expect(campos).toContainEqual(expect.objectContaining({ mensagem: message }));
    }
    // The content limit itself passes (the JSON body limit allows it).
    expect((await criar(t, admin.cookie, corpo({ conteudo: 'x'.repeat(100_000) }))).statusCode).toBe(201);

    const estranhos: unknown[] = [
      [],
      'texto',
      null,
      { titulo: 1, resumo: {}, conteudo: [] },
      { ...corpo(), titulo: null },
      { ...corpo(), slug: null },
      { ...corpo(), publicadoEm: 12 },
      { ...corpo(), extra: { aninhado: true } },
    ];
    for (const body of estranhos) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/blog/posts',
        headers: json(admin.cookie),
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    const quebrado = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/posts',
      headers: json(admin.cookie),
      payload: '{"titulo":',
    });
    expect(quebrado.statusCode).toBe(400);
    expect((await criar(t, admin.cookie, { conteudo: 1 })).statusCode).toBe(400);
  });

  it('refuses a misspelled or unknown field by name, and saves nothing', async () => {
    const { t, admin } = await setup();
    const res = await criar(t, admin.cookie, { ...corpo(), titlo: 'Título com erro', extra: 1 });
    expect(res.statusCode).toBe(400);
    const { code, campos } = res.json().error;
    expect(code).toBe('DADOS_INVALIDOS');
    expect(campos).toEqual(
      expect.arrayContaining([
        { campo: 'titlo', mensagem: 'Campo não reconhecido.' },
        { campo: 'extra', mensagem: 'Campo não reconhecido.' },
      ]),
    );
    const lista = await t.app.inject({
      method: 'GET',
      url: '/api/admin/blog/posts',
      headers: json(admin.cookie),
    });
    expect(lista.json().total).toBe(0);
  });

  it('an unknown or malformed id is 404 on every route, never 500', async () => {
    const { t, admin } = await setup();
    const ids = ['00000000-0000-4000-8000-000000000000', 'nao-e-uuid', '1234', '%27%3B', 'x'.repeat(150)];
    for (const id of ids) {
      for (const [method, url, body] of [
        ['GET', `/api/admin/blog/posts/${id}`, undefined],
        ['PUT', `/api/admin/blog/posts/${id}`, corpo()],
        ['POST', `/api/admin/blog/posts/${id}/publicar`, {}],
        ['POST', `/api/admin/blog/posts/${id}/despublicar`, {}],
        ['DELETE', `/api/admin/blog/posts/${id}`, undefined],
        ['DELETE', `/api/admin/blog/posts/${id}/capa`, undefined],
        ['PUT', `/api/admin/blog/posts/${id}/capa`, {}],
        ['GET', `/api/blog/posts/${id}/capa`, undefined],
        ['GET', `/api/blog/posts/${id}`, undefined],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
          ...(body ? { payload: body } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error).toEqual({ code: 'POST_NAO_ENCONTRADO', message: 'Post não encontrado.' });
      }
    }
  });
});

describe('blog: covers', () => {
  it('stores a PNG as WebP at most 1600 px wide, serves it cacheably, replaces and removes it', async () => {
    const { t, admin, storageRoot } = await setup();
    const post = await criarOk(t, admin.cookie, { publicado: true });
    const res = await enviarCapa(t, admin.cookie, post.id, await imagem(2400, 1200).png().toBuffer());
    expect(res.statusCode, res.body).toBe(200);
    const { capa } = res.json();
    expect(capa).toEqual({
      url: expect.stringMatching(new RegExp(`^/api/blog/posts/${post.id}/capa\\?v=[\\w-]+$`)),
      largura: 1600,
      altura: 800,
    });
    const files = filesUnder(storageRoot);
    expect(files).toHaveLength(1);
    expect(files[0]!.startsWith(path.join(storageRoot, 'blog', post.id) + path.sep)).toBe(true);
    expect(files[0]!.endsWith('.webp')).toBe(true);

    const img = await get(t, capa.url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    // The public list and page carry the same cover.
    expect((await get(t, '/api/blog/posts')).json().posts[0].capa).toEqual(capa);
    expect((await get(t, `/api/blog/posts/${post.slug}`)).json().capa).toEqual(capa);

    // A smaller JPEG replaces it (never enlarged); the old file is gone, the URL changes.
    const jpeg = await imagem(800, 600).jpeg().toBuffer();
    const trocada = await enviarCapa(t, admin.cookie, post.id, jpeg, 'foto.jpg');
    expect(trocada.statusCode).toBe(200);
    expect(trocada.json().capa).toMatchObject({ largura: 800, altura: 600 });
    expect(trocada.json().capa.url).not.toBe(capa.url);
    const depois = filesUnder(storageRoot);
    expect(depois).toHaveLength(1);
    expect(depois[0]).not.toBe(files[0]);
    // A WebP upload is accepted too.
    const webp = await enviarCapa(
      t,
      admin.cookie,
      post.id,
      await imagem(100, 100).webp().toBuffer(),
      'x.webp',
    );
    expect(webp.statusCode).toBe(200);

    const semCapa = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/blog/posts/${post.id}/capa`,
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    expect(semCapa.statusCode).toBe(200);
    expect(semCapa.json().capa).toBeNull();
    expect(filesUnder(storageRoot)).toEqual([]);
    const sem = await get(t, `/api/blog/posts/${post.id}/capa`);
    expect(sem.statusCode).toBe(404);
    expect(sem.json().error.code).toBe('CAPA_NAO_ENCONTRADA');
  });

  it('refuses a renamed text file, a file over 5 MB and a decompression bomb, storing nothing', async () => {
    const { t, admin, storageRoot } = await setup();
    const post = await criarOk(t, admin.cookie);

    const texto = await enviarCapa(t, admin.cookie, post.id, Buffer.from('não sou uma imagem\n'.repeat(50)));
    expect(texto.statusCode).toBe(400);
    expect(texto.json().error.message).toBe('A capa deve ser uma imagem PNG, JPEG ou WebP.');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    expect((await enviarCapa(t, admin.cookie, post.id, svg, 'capa.svg')).statusCode).toBe(400);

    const png = await imagem(10, 10).png().toBuffer();
    const grande = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]);
    const over = await enviarCapa(t, admin.cookie, post.id, grande);
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toEqual({
      code: 'ARQUIVO_GRANDE_DEMAIS',
      message: 'Arquivo maior que o limite de 5 MB.',
    });

    const bomba = await enviarCapa(t, admin.cookie, post.id, pngDeclarando(100_000, 100_000));
    expect(bomba.statusCode).toBe(400);
    expect(bomba.json().error.code).toBe('CAPA_GRANDE_DEMAIS');

    const truncado = await enviarCapa(t, admin.cookie, post.id, png.subarray(0, 40));
    expect(truncado.statusCode).toBe(400);

    const campoErrado = await enviarCapa(t, admin.cookie, post.id, png, 'capa.png', 'imagem');
    expect(campoErrado.statusCode).toBe(400);
    expect(campoErrado.json().error.code).toBe('ARQUIVO_AUSENTE');
    const semMultipart = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blog/posts/${post.id}/capa`,
      headers: json(admin.cookie),
      payload: {},
    });
    expect(semMultipart.statusCode).toBe(400);

    expect(filesUnder(storageRoot)).toEqual([]);
    expect((await get(t, `/api/admin/blog/posts/${post.id}`, admin.cookie)).json().capa).toBeNull();
  });

  it('deleting a post removes its cover file', async () => {
    const { t, admin, storageRoot } = await setup();
    const post = await criarOk(t, admin.cookie);
    await enviarCapa(t, admin.cookie, post.id, await imagem(300, 300).png().toBuffer());
    expect(filesUnder(storageRoot)).toHaveLength(1);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/blog/posts/${post.id}`,
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(204);
    expect(filesUnder(storageRoot)).toEqual([]);
  });
});

describe('blog: RSS', () => {
  it('lists the published posts only, escaped, under the firm’s name', async () => {
    const { t, admin } = await setup();
    const settings = t.server.settings.get();
    await t.server.settings.update({
      ...settings,
      branding: { ...settings.branding, companyName: 'Souza & Filhos' },
    });
    const pub = await criarOk(t, admin.cookie, {
      titulo: 'Vasos <NR-13> & "caldeiras"',
      resumo: 'Resumo com <tags> & aspas "duplas"',
      publicado: true,
      publicadoEm: '2026-03-02T12:30:00Z',
    });
    await criarOk(t, admin.cookie, { titulo: 'Ainda rascunho' });

    const res = await get(t, '/blog/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<title>Souza &amp; Filhos — Blog</title>');
    expect(xml).toContain(`<link>${TEST_ORIGIN}/blog</link>`);
    expect(xml).toContain(`<atom:link href="${TEST_ORIGIN}/blog/rss.xml" rel="self"`);
    expect(xml).toContain('<title>Vasos &lt;NR-13&gt; &amp; &quot;caldeiras&quot;</title>');
    expect(xml).toContain(`<link>${TEST_ORIGIN}/blog/${pub.slug}</link>`);
    expect(xml).toContain(`<guid isPermaLink="false">${pub.id}</guid>`);
    expect(xml).toContain('<pubDate>Mon, 02 Mar 2026 12:30:00 GMT</pubDate>');
    expect(xml).toContain(
      '<description>Resumo com &lt;tags&gt; &amp; aspas &quot;duplas&quot;</description>',
    );
    expect(xml).not.toContain('Ainda rascunho');
    expect(xml.match(/<item>/g)).toHaveLength(1);
    // Well-formed enough: balanced elements, every & an entity.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    const abre = xml.match(/<(?!\/|\?|atom:link)[a-zA-Z:]+[^>]*[^/]>/g)?.length;
    expect(abre).toBe(xml.match(/<\/[a-zA-Z:]+>/g)?.length);
  });
});
