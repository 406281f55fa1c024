import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '../../../test/api-mock';
import { admin } from '../../../test/factories';
import { renderApp } from '../../../test/render';
import { fakeBlogApi, postFactory } from '../test/fake-blog';

/** Stands in for XMLHttpRequest, the one browser API that reports upload progress. */
class FakeXhr {
  static enviados: FakeXhr[] = [];
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  responseText = '';
  body: FormData | null = null;
  upload: {
    onprogress: ((event: Pick<ProgressEvent, 'lengthComputable' | 'loaded' | 'total'>) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.enviados.push(this);
  }
  progresso(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  responder(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const semCapa = postFactory({ id: 'p-1', capa: null });
const comCapa = postFactory({
  id: 'p-1',
  capa: { url: '/api/blog/capas/p-1.webp', largura: 1200, altura: 630 },
});

function imagem(nome: string, type: string, bytes = 10) {
  return new File([new Uint8Array(bytes)], nome, { type });
}

function escolher(arquivo: File) {
  fireEvent.change(screen.getByLabelText('Capa'), { target: { files: [arquivo] } });
}

beforeEach(() => {
  FakeXhr.enviados = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

describe('capa do post', () => {
  it('sends the image as multipart with progress, then shows the new cover', async () => {
    mockApi({ 'GET /api/me': { body: admin() }, ...fakeBlogApi([semCapa]).handlers });
    renderApp('/admin/blog?post=p-1');

    expect(await screen.findByText('Este post ainda não tem capa.')).toBeTruthy();
    const input = screen.getByLabelText('Capa') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/webp');
    escolher(imagem('caldeira.webp', 'image/webp'));

    expect(FakeXhr.enviados).toHaveLength(1);
    const xhr = FakeXhr.enviados[0]!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/api/admin/blog/posts/p-1/capa');
    expect(xhr.withCredentials).toBe(true);
    expect((xhr.body!.get('arquivo') as File).name).toBe('caldeira.webp');

    act(() => xhr.progresso(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Envio da capa' }).getAttribute('value')).toBe('40');
    expect(input.disabled).toBe(true);

    act(() => xhr.responder(200, comCapa));
    const capa = await screen.findByRole('img', { name: 'Capa atual do post “Inspeção NR-13”' });
    expect(capa.getAttribute('src')).toBe('/api/blog/capas/p-1.webp');
    expect(capa.getAttribute('width')).toBe('1200');
    expect(capa.getAttribute('height')).toBe('630');
    expect(screen.getByText('Capa enviada.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the server refusal next to the input', async () => {
    mockApi({ 'GET /api/me': { body: admin() }, ...fakeBlogApi([semCapa]).handlers });
    renderApp('/admin/blog?post=p-1');

    await screen.findByLabelText('Capa');
    escolher(imagem('grande.png', 'image/png'));
    act(() =>
      FakeXhr.enviados[0]?.responder(413, {
        error: { code: 'ARQUIVO_GRANDE', message: 'A imagem passa de 5 MB.' },
      }),
    );

    expect(await screen.findByText('A imagem passa de 5 MB.')).toBeTruthy();
    expect(screen.getByLabelText('Capa').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a file that is not PNG, JPEG or WebP before sending it', async () => {
    mockApi({ 'GET /api/me': { body: admin() }, ...fakeBlogApi([semCapa]).handlers });
    renderApp('/admin/blog?post=p-1');

    await screen.findByLabelText('Capa');
    escolher(imagem('capa.gif', 'image/gif'));

    expect(await screen.findByText('Escolha uma imagem PNG, JPEG ou WebP.')).toBeTruthy();
    expect(FakeXhr.enviados).toHaveLength(0);
  });

  it('a new post holds the chosen cover and sends it right after the first save creates the post', async () => {
    const fetchMock = mockApi({ 'GET /api/me': { body: admin() }, ...fakeBlogApi([]).handlers });
    renderApp('/admin/blog?post=novo');

    await screen.findByRole('heading', { name: 'Novo post' });
    escolher(imagem('capa.gif', 'image/gif'));
    expect(await screen.findByText('Escolha uma imagem PNG, JPEG ou WebP.')).toBeTruthy();
    escolher(imagem('caldeira.png', 'image/png'));
    expect(screen.getByText(/“caldeira.png” será enviada quando você salvar o post/)).toBeTruthy();
    expect(screen.queryByText('Escolha uma imagem PNG, JPEG ou WebP.')).toBeNull();
    // Nothing leaves before the post exists.
    expect(FakeXhr.enviados).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Caldeiras' } });
    fireEvent.change(screen.getByLabelText('Resumo'), { target: { value: 'Resumo' } });
    fireEvent.change(screen.getByLabelText('Conteúdo'), { target: { value: 'Texto' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar rascunho' }));

    await waitFor(() => expect(FakeXhr.enviados).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/admin/blog/posts')).toHaveLength(1);
    const xhr = FakeXhr.enviados[0]!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toMatch(/^\/api\/admin\/blog\/posts\/p-novo-\d+\/capa$/);
    expect((xhr.body!.get('arquivo') as File).name).toBe('caldeira.png');
    const id = xhr.url.split('/')[5]!;
    act(() =>
      xhr.responder(
        200,
        postFactory({
          id,
          titulo: 'Caldeiras',
          capa: { url: `/api/blog/capas/${id}.webp`, largura: 1200, altura: 630 },
        }),
      ),
    );

    expect(await screen.findByText('Capa enviada.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Editar post' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Capa atual do post “Caldeiras”' })).toBeTruthy();
  });

  it('a new post can drop the chosen cover before saving', async () => {
    mockApi({ 'GET /api/me': { body: admin() }, ...fakeBlogApi([]).handlers });
    renderApp('/admin/blog?post=novo');

    await screen.findByRole('heading', { name: 'Novo post' });
    escolher(imagem('caldeira.png', 'image/png'));
    fireEvent.click(screen.getByRole('button', { name: 'Não usar esta imagem' }));
    expect(screen.queryByText(/será enviada quando você salvar/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Não usar esta imagem' })).toBeNull();
  });

  it('removes the cover after confirming', async () => {
    const fetchMock = mockApi({ 'GET /api/me': { body: admin() }, ...fakeBlogApi([comCapa]).handlers });
    renderApp('/admin/blog?post=p-1');

    fireEvent.click(await screen.findByRole('button', { name: 'Remover capa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover a capa?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover capa' }));

    expect(await screen.findByText('Capa removida.')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/admin/blog/posts/p-1/capa')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('img', { name: /Capa atual/ })).toBeNull());
  });
});
