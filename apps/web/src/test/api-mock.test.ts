import { describe, expect, it } from 'vitest';
import { mockApi, takeUnknownRoutes } from './api-mock';

describe('mockApi', () => {
  it('answers the declared routes, with or without the query string', async () => {
    mockApi({ 'GET /api/laudos': { body: { total: 0 } }, 'GET /api/laudos?pagina=2': { status: 204 } });
    expect(await (await fetch('/api/laudos?pagina=1')).json()).toEqual({ total: 0 });
    expect((await fetch('/api/laudos?pagina=2')).status).toBe(204);
  });

  it('fails a request no handler answers, naming its method and path', async () => {
    mockApi({ 'GET /api/laudos': { body: {} } });
    await expect(fetch('/api/laudos', { method: 'POST' })).rejects.toThrow('"POST /api/laudos"');
    await expect(fetch('/api/planos?ativos=true')).rejects.toThrow('"GET /api/planos?ativos=true"');
    // setup.ts fails the test with these after it ends; taken here, since this test expects them.
    expect(takeUnknownRoutes()).toEqual(['POST /api/laudos', 'GET /api/planos?ativos=true']);
  });
});
