import { parseString } from '@fast-csv/parse';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { empresas } from '../src/db/schema.ts';
import { createAdmin, createUser, empresaDeTeste, json, planoChamado } from './helpers/accounts.ts';
import { br, hojeMais } from './helpers/datas.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';

/** Issue 18: the plan's `data_export` — the one check, and the CSV and XLSX of a list of laudos. */

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function cenario() {
  t = await createTestServer({ JOBS: 'off' });
  const admin = await createAdmin(t);
  const empresaId = await empresaDeTeste(t, 'Usina Exporta');
  const outraId = await empresaDeTeste(t, 'Outra Usina');
  const gestor = await createUser(t, { email: 'gestor@exporta.com.br', empresaId, papel: 'gestor' });
  const cookie = await signIn(t.app, gestor.email, gestor.password);
  const criar = (body: Record<string, unknown>) =>
    t!.app.inject({
      method: 'POST',
      url: '/api/laudos',
      headers: json(admin.cookie),
      payload: { tipo: 'NR-13', ...body },
    });
  for (const body of [
    {
      nome: 'Caldeira; principal',
      codigo: 'EX-1',
      empresaId,
      dataVencimento: hojeMais(-3),
      observacoes: '=HYPERLINK("http://x")',
    },
    {
      nome: 'Vaso "A"',
      codigo: 'EX-2',
      empresaId,
      dataVencimento: hojeMais(10),
      emailCliente: 'compras@exporta.com.br',
    },
    { nome: 'Tubulação', codigo: 'EX-3', empresaId, dataVencimento: null },
    { nome: 'Alheio', codigo: 'OUT-1', empresaId: outraId, dataVencimento: hojeMais(5) },
  ])
    expect((await criar(body)).statusCode).toBe(201);
  return { t, admin, cookie, empresaId };
}

const exportar = (t: TestServer, cookie: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/laudos/exportar?${query}`, headers: { cookie } });

async function linhasCsv(texto: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const linhas: string[][] = [];
    parseString(texto, { delimiter: ';' })
      .on('data', (l: string[]) => linhas.push(l))
      .on('error', reject)
      .on('end', () => resolve(linhas));
  });
}

describe('data_export: exporting laudos', () => {
  it('a plan without it gets 403 naming the feature and the plans that include it; with it, the CSV opens in pt-BR Excel', async () => {
    const { t, cookie, empresaId } = await cenario();
    const db = t.server.database.db;
    await db
      .update(empresas)
      .set({ planoId: await planoChamado(t, 'Básico') })
      .where(eq(empresas.id, empresaId));
    const recusa = await exportar(t, cookie, 'formato=csv');
    expect(recusa.statusCode).toBe(403);
    expect(recusa.json().error).toEqual({
      code: 'RECURSO_FORA_DO_PLANO',
      message: 'Seu plano não inclui exportação de dados. Disponível nos planos Profissional e Empresarial.',
    });

    await db
      .update(empresas)
      .set({ planoId: await planoChamado(t, 'Profissional') })
      .where(eq(empresas.id, empresaId));
    const res = await exportar(t, cookie, 'formato=csv&ordem=codigo');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="laudos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const linhas = await linhasCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(linhas[0]).toEqual([
      'Código',
      'Nome',
      'Tipo',
      'Cliente',
      'E-mail do cliente',
      'Vencimento',
      'Situação',
      'Dias para o vencimento',
      'Observações',
      'Criado em',
    ]);
    // The company's three, not the other company's; a formula typed in a field stays text.
    expect(linhas.slice(1).map((l) => l.slice(0, 9))).toEqual([
      [
        'EX-1',
        'Caldeira; principal',
        'NR-13',
        'Usina Exporta',
        '',
        br(hojeMais(-3)),
        'Vencido',
        '-3',
        `'=HYPERLINK("http://x")`,
      ],
      [
        'EX-2',
        'Vaso "A"',
        'NR-13',
        'Usina Exporta',
        'compras@exporta.com.br',
        br(hojeMais(10)),
        'Vencendo',
        '10',
        '',
      ],
      ['EX-3', 'Tubulação', 'NR-13', 'Usina Exporta', '', '', 'Ativo', '', ''],
    ]);
    expect(linhas[1]![9]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    // The list's filters apply.
    const vencidos = await linhasCsv(
      (await exportar(t, cookie, 'status=vencido')).rawPayload.subarray(3).toString('utf8'),
    );
    expect(vencidos.slice(1).map((l) => l[0])).toEqual(['EX-1']);
  });

  it('XLSX: real dates and numbers, read back with exceljs; admins export every company; a bad format is a 400', async () => {
    const { t, admin, cookie, empresaId } = await cenario();
    await t.server.database.db
      .update(empresas)
      .set({ planoId: await planoChamado(t, 'Empresarial') })
      .where(eq(empresas.id, empresaId));
    const res = await exportar(t, cookie, 'formato=xlsx&ordem=codigo');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const planilha = workbook.getWorksheet('Laudos')!;
    expect(planilha.rowCount).toBe(4);
    const ex2 = planilha.getRow(3);
    expect(ex2.getCell(1).value).toBe('EX-2');
    expect(ex2.getCell(6).value).toEqual(new Date(`${hojeMais(10)}T00:00:00Z`));
    expect(ex2.getCell(6).numFmt).toBe('dd/mm/yyyy');
    expect(ex2.getCell(8).value).toBe(10);

    const todos = await exportar(t, admin.cookie, 'formato=csv&ordem=codigo');
    const linhas = await linhasCsv(todos.rawPayload.subarray(3).toString('utf8'));
    expect(linhas.slice(1).map((l) => l[0])).toEqual(['EX-1', 'EX-2', 'EX-3', 'OUT-1']);

    const ruim = await exportar(t, cookie, 'formato=pdf');
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().error.campos).toEqual([
      { campo: 'formato', mensagem: 'Formato inválido: use csv ou xlsx.' },
    ]);
    // The route declares the feature, and the API's document says so.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/laudos/exportar'].get['x-recurso']).toBe('dataExport');
    // Signed out: 401.
    expect((await t.app.inject({ method: 'GET', url: '/api/laudos/exportar' })).statusCode).toBe(401);
  });
});
