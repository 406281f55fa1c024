import { type Mock, vi } from 'vitest';

/*
 * A fake server for unit tests: `fetch` is replaced by a table of answers keyed by
 * "METHOD /api/path" (with or without the query string). A request no entry answers fails the test
 * (the fetch rejects, and `setup.ts` fails the test after it): a test declares every route it uses,
 * including the ones that should answer an error.
 */

const unknownRoutes: string[] = [];

/** The requests no handler answered since the last call (and forgets them); `setup.ts` checks it. */
export function takeUnknownRoutes(): string[] {
  return unknownRoutes.splice(0);
}

export type ApiRequest = { method: string; path: string; url: URL; body: unknown };
/**
 * `body` is sent as JSON; `bytes` as is (a file), with `headers`; `response`: a whole Response (a
 * stream) returned as is.
 */
type Answer = {
  status?: number;
  body?: unknown;
  bytes?: Uint8Array;
  headers?: Record<string, string>;
  response?: Response;
};
export type ApiHandler = Answer | ((request: ApiRequest) => Answer | Promise<Answer>);

export function apiError(status: number, code: string, message: string): Answer {
  return { status, body: { error: { code, message } } };
}

/**
 * Routes the page under test loads but the test is not about: each answers 404, as a server without
 * that data would, so the test still declares every request it makes.
 */
export function notUnderTest(...routes: string[]): Record<string, ApiHandler> {
  return Object.fromEntries(
    routes.map((route) => [route, apiError(404, 'NAO_ENCONTRADO', 'Rota não encontrada.')]),
  );
}

export const signedOut = apiError(401, 'NAO_AUTENTICADO', 'Sessão expirada. Faça login novamente');

/**
 * What every signed-in page asks whatever it is about: the header's bell polls the unread count
 * (decision 032). A test about the bell declares its own answer, which wins.
 */
const CABECALHO: Record<string, ApiHandler> = {
  'GET /api/avisos/nao-lidos': { body: { naoLidos: 0 } },
};

export function mockApi(rotas: Record<string, ApiHandler>): Mock<typeof fetch> {
  const handlers = { ...CABECALHO, ...rotas };
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const route = `${method} ${url.pathname}${url.search}`;
    const handler = handlers[route] ?? handlers[`${method} ${url.pathname}`];
    if (!handler) {
      unknownRoutes.push(route);
      throw new Error(`mockApi: no handler for "${route}"; declare it in the test's mockApi({ ... }).`);
    }
    const answer: Answer =
      typeof handler === 'function' ? await handler({ method, path: url.pathname, url, body }) : handler;
    if (answer.response) return answer.response;
    const status = answer.status ?? 200;
    if (answer.bytes)
      return new Response(answer.bytes as Uint8Array<ArrayBuffer>, {
        status,
        headers: answer.headers ?? {},
      });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to one endpoint, e.g. callsTo(fetchMock, 'POST /api/cadastro'). */
export function callsTo(fetchMock: Mock<typeof fetch>, key: string): unknown[] {
  const [method, path] = key.split(' ');
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return (init?.method ?? 'GET').toUpperCase() === method && url.pathname === path;
    })
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}
