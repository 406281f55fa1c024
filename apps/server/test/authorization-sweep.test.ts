import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser } from './helpers/accounts.ts';
import { createTestServer, signIn, TEST_ORIGIN, type TestServer } from './helpers/server.ts';

/**
 * Generated from /api/openapi.json: every operation, called anonymously, as a client and as an
 * admin, answers as its `x-access` says. A route without `x-access` fails the sweep.
 */
let t: TestServer;
let clientCookie: string;
let adminCookie: string;
let operations: { method: string; path: string; access: unknown }[] = [];

beforeAll(async () => {
  t = await createTestServer({ JOBS: 'off' });
  const client = await createUser(t, { email: 'varredura@cliente.com.br' });
  clientCookie = await signIn(t.app, client.email, client.password);
  adminCookie = (await createAdmin(t)).cookie;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      access: op['x-access'],
    })),
  );
});
afterAll(() => t.close());

const placeholder = '00000000-0000-4000-8000-000000000000';
function concrete(path: string): string {
  // The Better Auth catch-all is exercised through a session read.
  return path.replace('{*}', 'get-session').replace(/\{[^}]+\}/g, placeholder);
}

async function call(method: string, path: string, cookie?: string) {
  return t.app.inject({
    method: method as 'GET',
    url: concrete(path),
    headers: {
      origin: TEST_ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
  });
}

describe('authorization sweep over /api/openapi.json', () => {
  it('finds the routes, each with a valid x-access', () => {
    expect(operations.length).toBeGreaterThan(15);
    for (const op of operations)
      expect(['public', 'user', 'admin'], `${op.method} ${op.path}`).toContain(op.access);
  });

  it('every operation answers as its x-access says, for a visitor, a client and an admin', async () => {
    const problems: string[] = [];
    for (const op of operations) {
      // Ending every session would end the sweep's own sessions.
      if (op.path.includes('revoke') || op.path.includes('sign-out')) continue;
      const id = `${op.method} ${op.path}`;
      const anon = await call(op.method, op.path);
      const client = await call(op.method, op.path, clientCookie);
      const admin = await call(op.method, op.path, adminCookie);
      for (const [who, res] of [
        ['visitante', anon],
        ['cliente', client],
        ['admin', admin],
      ] as const) {
        if (res.statusCode >= 500)
          problems.push(`${id} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 400 && !res.headers['content-type']?.toString().includes('json')) {
          problems.push(`${id} as ${who}: error without the JSON error shape`);
        }
      }
      if (op.access === 'public') {
        if ([401, 403].includes(anon.statusCode))
          problems.push(`${id}: public but ${anon.statusCode} for a visitor`);
      } else {
        if (anon.statusCode !== 401)
          problems.push(`${id}: ${op.access} but ${anon.statusCode} for a visitor`);
        const adminDenied = [401, 403].includes(admin.statusCode);
        if (adminDenied) problems.push(`${id}: ${admin.statusCode} for an admin`);
        if (op.access === 'admin' && client.statusCode !== 403)
          problems.push(`${id}: admin-only but ${client.statusCode} for a client`);
        if (op.access === 'user' && [401, 403].includes(client.statusCode))
          problems.push(`${id}: ${client.statusCode} for a client`);
      }
      if (anon.statusCode === 401) expect(anon.json().error.code).toBe('NAO_AUTENTICADO');
    }
    expect(problems).toEqual([]);
  });
});
