import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Post } from '../../../features/blog/api/post';
import { fakeBlogApi, postFactory } from '../../../features/blog/test/fake-blog';
import { paths } from '../../../lib/paths';
import { type ApiHandler, apiError, callsTo, mockApi } from '../../../test/api-mock';
import { admin } from '../../../test/factories';
import { renderApp } from '../../../test/render';

const publicado = postFactory();
const rascunho = postFactory({
  id: 'p-2',
  slug: 'manutencao-preditiva',
  titulo: 'Manutenção preditiva',
  resumo: 'Como a análise de vibração antecipa falhas.',
  publicado: false,
  publicadoEm: null,
  atualizadoEm: '2026-11-15T12:00:00.000Z',
  conteudo: 'Rascunho em andamento.',
  conteudoHtml: '<p>Rascunho em andamento.</p>',
});

function mockBlog(posts: Post[] = [publicado, rascunho], extra: Record<string, ApiHandler> = {}) {
  const fake = fakeBlogApi(posts, extra);
  const fetchMock = mockApi({ 'GET /api/me': { body: admin() }, ...fake.handlers });
  return { fetchMock, fake };
}

function listRequests(fetchMock: ReturnType<typeof mockApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/blog/posts')
    .map((url) => url.searchParams);
}

describe('admin: blog, lista de posts', () => {
  it('lists the posts with their status, date and actions', async () => {
    const { fetchMock } = mockBlog();
    renderApp(paths.adminBlog);

    expect(await screen.findByRole('heading', { level: 1, name: 'Gerenciar blog' })).toBeTruthy();
    const linhaPublicado = await screen.findByRole('row', { name: /Inspeção NR-13/ });
    expect(within(linhaPublicado).getByText('Publicado')).toBeTruthy();
    expect(within(linhaPublicado).getByText('Publicado em 10/11/2026')).toBeTruthy();
    const verNoSite = within(linhaPublicado).getByRole('link', { name: /Ver no site/ });
    expect(verNoSite.getAttribute('href')).toBe('/blog/inspecao-nr-13');
    expect(verNoSite.getAttribute('target')).toBe('_blank');
    expect(within(linhaPublicado).getByRole('button', { name: 'Despublicar Inspeção NR-13' })).toBeTruthy();

    const linhaRascunho = screen.getByRole('row', { name: /Manutenção preditiva/ });
    expect(within(linhaRascunho).getByText('Rascunho')).toBeTruthy();
    expect(within(linhaRascunho).queryByRole('link', { name: /Ver no site/ })).toBeNull();
    expect(within(linhaRascunho).getByRole('button', { name: 'Publicar Manutenção preditiva' })).toBeTruthy();
    expect(screen.getByText('2 posts encontrados.')).toBeTruthy();
    expect(listRequests(fetchMock)[0]?.toString()).toBe('status=todos&pagina=1&porPagina=20');
  });

  it('filters by status', async () => {
    const { fetchMock } = mockBlog();
    renderApp(paths.adminBlog);

    await screen.findByRole('row', { name: /Inspeção NR-13/ });
    fireEvent.change(screen.getByLabelText('Situação'), { target: { value: 'rascunhos' } });

    await waitFor(() => expect(screen.queryByRole('row', { name: /Inspeção NR-13/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Manutenção preditiva/ })).toBeTruthy();
    expect(listRequests(fetchMock).at(-1)?.get('status')).toBe('rascunhos');
  });

  it('shows an empty state that points to "Novo post"', async () => {
    mockBlog([]);
    renderApp(paths.adminBlog);

    expect(await screen.findByText('Nenhum post ainda.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Novo post' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('publishes a draft and unpublishes a published post through their endpoints', async () => {
    const { fetchMock } = mockBlog();
    renderApp(paths.adminBlog);

    fireEvent.click(await screen.findByRole('button', { name: 'Publicar Manutenção preditiva' }));
    expect(await screen.findByText('Post “Manutenção preditiva” publicado.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/blog/posts/p-2/publicar')).toHaveLength(1);
    const linha = await screen.findByRole('row', { name: /Manutenção preditiva/ });
    await waitFor(() => expect(within(linha).getByText('Publicado')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Despublicar Inspeção NR-13' }));
    expect(await screen.findByText('Post “Inspeção NR-13” voltou a ser rascunho.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/blog/posts/p-1/despublicar')).toHaveLength(1);
    expect(callsTo(fetchMock, 'PUT /api/admin/blog/posts/p-1')).toHaveLength(0);
  });

  it('asks before deleting, naming the post, then removes it', async () => {
    const { fetchMock } = mockBlog();
    renderApp(paths.adminBlog);

    fireEvent.click(await screen.findByRole('button', { name: 'Excluir Inspeção NR-13' }));
    let dialog = await screen.findByRole('dialog', { name: 'Excluir o post “Inspeção NR-13”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'DELETE /api/admin/blog/posts/p-1')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Excluir Inspeção NR-13' }));
    dialog = await screen.findByRole('dialog', { name: 'Excluir o post “Inspeção NR-13”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir post' }));

    expect(await screen.findByText('Post “Inspeção NR-13” excluído.')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/admin/blog/posts/p-1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Inspeção NR-13/ })).toBeNull());
  });
});

describe('admin: blog, editor', () => {
  function preencher(campos: Partial<Record<'Título' | 'Slug' | 'Resumo' | 'Autor' | 'Conteúdo', string>>) {
    for (const [label, value] of Object.entries(campos)) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
  }

  it('creates a draft with the right body, then holds the saved post and lists it', async () => {
    const { fetchMock } = mockBlog();
    renderApp(paths.adminBlog);

    fireEvent.click(await screen.findByRole('button', { name: 'Novo post' }));
    expect(await screen.findByRole('heading', { name: 'Novo post' })).toBeTruthy();
    // The cover can be chosen before the first save: it is sent once the post exists (capa-post.test).
    expect(screen.getByLabelText('Capa')).toBeTruthy();
    expect(screen.getByText(/é enviada quando você salvar o post/)).toBeTruthy();
    expect((screen.getByLabelText('Autor') as HTMLInputElement).value).toBe('Ana Admin');

    preencher({
      Título: '  Elevadores: inspeção anual  ',
      Resumo: 'O que verificar na inspeção anual de elevadores.',
      Conteúdo: '## Itens\n\n- Freios\n- Cabos',
    });
    expect(screen.getByText(/48 de 300 caracteres/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar rascunho' }));

    expect(await screen.findByText('Rascunho salvo.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/blog/posts')).toEqual([
      {
        titulo: 'Elevadores: inspeção anual',
        resumo: 'O que verificar na inspeção anual de elevadores.',
        conteudo: '## Itens\n\n- Freios\n- Cabos',
        autorNome: 'Ana Admin',
        publicado: false,
      },
    ]);
    // The editor now holds the saved post: the cover can be sent, and it can be published.
    expect(await screen.findByRole('heading', { name: 'Editar post' })).toBeTruthy();
    expect(screen.getByLabelText('Capa')).toBeTruthy();
    expect((screen.getByLabelText('Título') as HTMLInputElement).value).toBe('Elevadores: inspeção anual');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('post-novo');
    expect(screen.getByRole('button', { name: 'Publicar' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Voltar aos posts/ }));
    const linha = await screen.findByRole('row', { name: /Elevadores: inspeção anual/ });
    expect(within(linha).getByText('Rascunho')).toBeTruthy();
  });

  it('shows a taken slug on the slug field', async () => {
    mockBlog([publicado], {
      'POST /api/admin/blog/posts': apiError(409, 'SLUG_EM_USO', 'Já existe um post com este slug.'),
    });
    renderApp(`${paths.adminBlog}?post=novo`);

    await screen.findByRole('heading', { name: 'Novo post' });
    preencher({ Título: 'Outro post', Slug: 'inspecao-nr-13', Resumo: 'Resumo', Conteúdo: 'Texto' });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));

    const slug = screen.getByLabelText('Slug');
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(slug.getAttribute('aria-describedby')).toContain('erro');
    expect(screen.getByText('Já existe um post com este slug.')).toBeTruthy();
    expect(document.activeElement).toBe(slug);
    // The field shows it; no alert on top repeats it (the toasts' live region stays empty).
    expect(screen.queryAllByRole('alert').filter((alert) => alert.textContent)).toEqual([]);
  });

  it('checks the fields before sending', async () => {
    const { fetchMock } = mockBlog();
    renderApp(`${paths.adminBlog}?post=novo`);

    await screen.findByRole('heading', { name: 'Novo post' });
    preencher({ Slug: 'Com Acento é' });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));

    // The server's own rules and words (the shared schema of the post).
    expect(await screen.findByText('Informe o título do post.')).toBeTruthy();
    expect(screen.getByText('Informe o resumo do post.')).toBeTruthy();
    expect(screen.getByText('O slug deve ter apenas letras minúsculas, números e hífens.')).toBeTruthy();
    expect(screen.getByText('Escreva o conteúdo do post.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Título'));
    expect(callsTo(fetchMock, 'POST /api/admin/blog/posts')).toHaveLength(0);
  });

  it('publishes a draft from the editor, keeping its slug', async () => {
    const { fetchMock } = mockBlog();
    renderApp(`${paths.adminBlog}?post=p-2`);

    const titulo = (await screen.findByLabelText('Título')) as HTMLInputElement;
    expect(titulo.value).toBe('Manutenção preditiva');
    fireEvent.change(titulo, { target: { value: 'Manutenção preditiva na indústria' } });
    expect(screen.getByText('Alterações não salvas.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));

    expect(await screen.findByText('Post publicado.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/blog/posts/p-2')).toEqual([
      {
        titulo: 'Manutenção preditiva na indústria',
        resumo: rascunho.resumo,
        conteudo: rascunho.conteudo,
        autorNome: 'Ana Admin',
        publicado: true,
      },
    ]);
    // Published now: the editor offers to unpublish and links to the post.
    expect(await screen.findByRole('button', { name: 'Despublicar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Ver no site/ }).getAttribute('href')).toBe(
      '/blog/manutencao-preditiva',
    );
    expect(screen.queryByText('Alterações não salvas.')).toBeNull();
  });

  it('shows the HTML the server renders in the preview', async () => {
    const { fetchMock } = mockBlog([publicado], {
      'POST /api/admin/blog/preview': {
        body: { html: '<h2>Seção</h2><p>Texto <strong>forte</strong>.</p>' },
      },
    });
    renderApp(`${paths.adminBlog}?post=p-1`);

    await screen.findByLabelText('Título');
    fireEvent.click(screen.getByRole('button', { name: 'Pré-visualizar' }));

    const previa = await screen.findByRole('region', { name: 'Pré-visualização' });
    expect(within(previa).getByRole('heading', { level: 2, name: 'Seção' })).toBeTruthy();
    expect(within(previa).getByText('forte').tagName).toBe('STRONG');
    expect(callsTo(fetchMock, 'POST /api/admin/blog/preview')).toEqual([{ conteudo: publicado.conteudo }]);
    expect(screen.getByRole('button', { name: 'Pré-visualizar' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Conteúdo') as HTMLTextAreaElement).hidden).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Escrever' }));
    expect((screen.getByLabelText('Conteúdo') as HTMLTextAreaElement).hidden).toBe(false);
    expect(screen.queryByRole('region', { name: 'Pré-visualização' })).toBeNull();
  });

  it('shows a preview error as an alert', async () => {
    mockBlog([publicado], {
      'POST /api/admin/blog/preview': apiError(400, 'CONTEUDO_INVALIDO', 'O conteúdo é longo demais.'),
    });
    renderApp(`${paths.adminBlog}?post=p-1`);

    await screen.findByLabelText('Título');
    fireEvent.click(screen.getByRole('button', { name: 'Pré-visualizar' }));

    const erro = await screen.findByText('O conteúdo é longo demais.');
    expect(erro.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Pré-visualização' })).toBeNull();
  });

  it('asks before leaving with unsaved changes', async () => {
    mockBlog();
    renderApp(`${paths.adminBlog}?post=p-1`);

    fireEvent.change(await screen.findByLabelText('Resumo'), { target: { value: 'Outro resumo' } });
    fireEvent.click(screen.getByRole('button', { name: /Voltar aos posts/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Descartar as alterações?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descartar alterações' }));

    expect(await screen.findByRole('button', { name: 'Novo post' })).toBeTruthy();
  });
});
