import { afterEach, describe, expect, it } from 'vitest';
import { createAdmin, json } from '../helpers/accounts.ts';
import { testEngine } from '../helpers/db.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe(`admin e-mail templates: strict input (${testEngine})`, () => {
  it('a template PUT with a misspelled field is a 400 naming it, and the template is unchanged', async () => {
    t = await createTestServer({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const h = json(admin.cookie);
    const url = '/api/admin/email/templates/vencimento_7';
    const antes = (await t.app.inject({ url, headers: h })).json().template;

    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: h,
      payload: {
        subject: 'Outro assunto {{ laudo_nome }}',
        html: antes.html,
        text: antes.text,
        activo: false,
      },
    });

    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('DADOS_INVALIDOS');
    expect(error.campos).toEqual([{ campo: 'activo', mensagem: 'Campo não reconhecido.' }]);
    expect(error.message).toContain('activo');
    const depois = (await t.app.inject({ url, headers: h })).json().template;
    expect(depois).toEqual(antes);
  });
});
