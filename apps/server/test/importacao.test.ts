import { calendarDayIn } from '@laudos/domain';
import { and, eq, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { auditoria, avisos, emailLogs, empresas, importacoes, laudos, planos } from '../src/db/schema.ts';
import { processarImportacao, processarLote } from '../src/modules/importacao/service.ts';
import { createAdmin, createUser, empresaDeTeste, json } from './helpers/accounts.ts';
import { zipBombXlsx } from './helpers/security.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';
import { waitUntil } from './helpers/wait.ts';

/**
 * Issue 22, the spreadsheet import of laudos (decision 047): a 10,000-row XLSX with 37 bad rows
 * of every kind is previewed row by row, imported once, skipped or updated on a re-run; Excel
 * pt-BR's CSV reads right; the plan's limit refuses the whole file; e-mails only when asked; and
 * only admins and gestores with the plan feature see imports, each only their own company's.
 */

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

type Importacao = {
  id: string;
  status: string;
  colunas: string[];
  amostra: string[][];
  total: number;
  mapeamento: Record<string, string>;
  previa?: {
    validas: number;
    novos: number;
    atualizar: number;
    pular: number;
    erros: { linha: number; campo: string | null; mensagem: string }[];
    limiteExcedido: string | null;
  };
  progresso: { processadas: number; total: number };
  resultado?: { importados: number; atualizados: number; pulados: number; erros: number };
};

async function enviar(t: TestServer, cookie: string, nome: string, arquivo: Buffer, empresaId?: string) {
  const boundary = `----imp${Math.random().toString(16).slice(2)}`;
  const partes: Buffer[] = [];
  if (empresaId)
    partes.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="empresaId"\r\n\r\n${empresaId}\r\n`,
      ),
    );
  partes.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${nome}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    arquivo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/importacoes',
    headers: { ...json(cookie), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(partes),
  });
}

async function enviada(t: TestServer, cookie: string, nome: string, arquivo: Buffer, empresaId?: string) {
  const res = await enviar(t, cookie, nome, arquivo, empresaId);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { importacao: Importacao }).importacao;
}

async function previa(
  t: TestServer,
  cookie: string,
  id: string,
  mapeamento: Record<string, string>,
  existentes: 'pular' | 'atualizar',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/importacoes/${id}/previa`,
    headers: json(cookie),
    payload: { mapeamento, existentes },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { importacao: Importacao }).importacao;
}

function executar(
  t: TestServer,
  cookie: string,
  id: string,
  existentes: 'pular' | 'atualizar',
  enviarEmails = false,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/importacoes/${id}/executar`,
    headers: json(cookie),
    payload: { existentes, enviarEmails },
  });
}

/** What the pg-boss worker does (the tests run with JOBS=off): the whole job, in this process. */
function processamento(t: TestServer) {
  return {
    db: t.server.database.db,
    email: t.server.email,
    publicUrl: t.config.publicUrl,
    hoje: () => calendarDayIn(t!.config.timeZone),
  };
}

async function importar(
  t: TestServer,
  cookie: string,
  id: string,
  existentes: 'pular' | 'atualizar',
  emails = false,
) {
  const res = await executar(t, cookie, id, existentes, emails);
  expect(res.statusCode, res.body).toBe(202);
  expect((res.json() as { importacao: Importacao }).importacao.status).toBe('importando');
  await processarImportacao(processamento(t), id);
  return ler(t, cookie, id);
}

async function ler(t: TestServer, cookie: string, id: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/importacoes/${id}`, headers: json(cookie) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { importacao: Importacao }).importacao;
}

const CABECALHOS = [
  'Código',
  'Nome',
  'Tipo',
  'Data de vencimento',
  'E-mail do cliente',
  'Observações',
  'Empresa',
];
const MAPA = {
  codigo: 'Código',
  nome: 'Nome',
  tipo: 'Tipo',
  dataVencimento: 'Data de vencimento',
  emailCliente: 'E-mail do cliente',
  observacoes: 'Observações',
  empresa: 'Empresa',
};

async function xlsx(linhas: (string | Date | number | null)[][]): Promise<Buffer> {
  const livro = new ExcelJS.Workbook();
  const folha = livro.addWorksheet('Laudos');
  folha.addRow(CABECALHOS);
  for (const l of linhas) folha.addRow(l);
  return Buffer.from(await livro.xlsx.writeBuffer());
}

function csv(linhas: string[][], sep = ';'): string {
  return `${[CABECALHOS, ...linhas].map((l) => l.join(sep)).join('\r\n')}\r\n`;
}

const contarLaudos = async (t: TestServer, prefixo: string) =>
  (
    await t.server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(laudos)
      .where(like(laudos.codigo, `${prefixo}%`))
  )[0]!.n;

describe('spreadsheet import: 10,000 rows', () => {
  it('previews exactly the 37 bad rows, imports 9,963 laudos once, skips or updates them on a re-run', async () => {
    t = await createTestServer({ JOBS: 'off' });
    const db = t.server.database.db;
    const admin = await createAdmin(t);
    const alfa = await empresaDeTeste(t, 'Usina Alfa');
    await db.update(empresas).set({ cnpj: '11222333000181' }).where(eq(empresas.id, alfa));
    const beta = await empresaDeTeste(t, 'Usina Beta');
    // Codes Beta already has: a row of Alfa naming one is "another company's".
    for (let i = 0; i < 5; i++)
      await db.insert(laudos).values({
        nome: 'De Beta',
        codigo: `BETA-${i}`,
        tipo: 'NR-13',
        cliente: 'Usina Beta',
        empresaId: beta,
      });

    const linhas: (string | Date | null)[][] = [];
    const esperados: { linha: number; campo: string; mensagem: string }[] = [];
    const ruim = (row: (string | Date | null)[], campo: string, mensagem: string) => {
      linhas.push(row);
      esperados.push({ linha: linhas.length + 1, campo, mensagem });
    };
    const boa = (i: number) => {
      const empresa = i % 3 === 0 ? 'Usina Beta' : i % 3 === 1 ? 'usina alfa' : '11.222.333/0001-81';
      const data =
        i % 2 === 0
          ? new Date(Date.UTC(2027, i % 12, (i % 28) + 1))
          : `${String((i % 28) + 1).padStart(2, '0')}/06/2028`;
      linhas.push([
        `IMP-${i}`,
        `Equipamento ${i}`,
        i % 4 === 0 ? 'nr-12' : 'NR-13',
        data,
        `cliente${i}@acme.com.br`,
        '',
        empresa,
      ]);
    };
    let i = 0;
    const dados = 'Dados obrigatórios faltando: nome, código, cliente e tipo são obrigatórios.';
    // Every ~270 rows one bad row of each kind, until 37.
    const tiposRuins: (() => void)[] = [
      () => ruim([`BAD-N${i}`, '', 'NR-13', null, null, null, 'Usina Alfa'], 'nome', dados),
      () => ruim([`BAD-T${i}`, 'Sem tipo', '', null, null, null, 'Usina Alfa'], 'tipo', dados),
      () =>
        ruim(
          [`BAD-D${i}`, 'Data ruim', 'NR-13', '31/02/2027', null, null, 'Usina Alfa'],
          'dataVencimento',
          'Data inválida: use dd/mm/aaaa ou AAAA-MM-DD',
        ),
      () =>
        ruim(
          [`BAD-K${i}`, 'Tipo ruim', 'NR-99', null, null, null, 'Usina Alfa'],
          'tipo',
          'Tipo de laudo inválido: NR-99.',
        ),
      () =>
        ruim(
          [`BAD-E${i}`, 'E-mail ruim', 'NR-13', null, 'fulano@', null, 'Usina Alfa'],
          'emailCliente',
          'E-mail do cliente não é um endereço de e-mail válido.',
        ),
      () =>
        ruim(
          [`IMP-${i - 1}`, 'Repetido', 'NR-13', null, null, null, 'Usina Alfa'],
          'codigo',
          `Código repetido na planilha: já aparece na linha ${linhas.length + 1}.`,
        ),
      () =>
        ruim(
          [
            `BETA-${esperados.filter((e) => e.mensagem.includes('outra empresa')).length}`,
            'De outra',
            'NR-13',
            null,
            null,
            null,
            'Usina Alfa',
          ],
          'codigo',
          'Código já usado por um laudo de outra empresa',
        ),
      () =>
        ruim(
          [`BAD-C${i}`, 'Empresa ruim', 'NR-13', null, null, null, 'Usina Gama'],
          'empresa',
          'Empresa não encontrada: Usina Gama.',
        ),
    ];
    let k = 0;
    while (linhas.length < 10_000) {
      if (linhas.length % 270 === 269 && esperados.length < 37) {
        // The repeat must follow a good row (it repeats the one just before).
        boa(i++);
        tiposRuins[k % tiposRuins.length]!();
        k++;
      } else boa(i++);
    }
    expect(esperados).toHaveLength(37);
    const deOutra = esperados.filter((e) => e.mensagem.includes('outra empresa')).length;
    expect(deOutra).toBe(4);
    const arquivo = await xlsx(linhas);

    const inicio = Date.now();
    const imp = await enviada(t, admin.cookie, 'laudos.xlsx', arquivo);
    expect(imp).toMatchObject({ status: 'enviada', total: 10_000, colunas: CABECALHOS, mapeamento: MAPA });
    expect(imp.amostra).toHaveLength(5);
    expect(imp.amostra[0]![0]).toBe('IMP-0');
    expect(imp.amostra[0]![3]).toBe('2027-01-01');

    const vista = await previa(t, admin.cookie, imp.id, MAPA, 'atualizar');
    expect(vista.previa!.erros).toEqual(esperados);
    expect(vista.previa).toMatchObject({
      validas: 9_963,
      novos: 9_963,
      atualizar: 0,
      pular: 0,
      limiteExcedido: null,
    });

    // A crash after the first batch: the job resumes at the cursor, nothing doubled.
    expect((await executar(t, admin.cookie, imp.id, 'atualizar')).statusCode).toBe(202);
    expect(await processarLote(processamento(t), imp.id)).toBe(true);
    expect((await ler(t, admin.cookie, imp.id)).progresso).toEqual({ processadas: 500, total: 10_000 });
    await processarImportacao(processamento(t), imp.id);
    const feita = await ler(t, admin.cookie, imp.id);
    expect(feita.status).toBe('concluida');
    expect(feita.resultado).toEqual({ importados: 9_963, atualizados: 0, pulados: 0, erros: 37 });
    expect(await contarLaudos(t, 'IMP-')).toBe(9_963);
    expect(await contarLaudos(t, 'BAD-')).toBe(0);
    const [entradas] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditoria)
      .where(sql`${auditoria.detalhes}->>'importacaoId' = ${imp.id}`);
    expect(entradas!.n).toBe(9_963);
    // A company's people get one notice for the whole import, not one per laudo.
    const [alfaLaudo] = await db.select().from(laudos).where(eq(laudos.codigo, 'IMP-1'));
    expect(alfaLaudo).toMatchObject({
      empresaId: alfa,
      cliente: 'Usina Alfa',
      tipo: 'NR-13',
      dataVencimento: '2028-06-02',
    });
    const [betaLaudo] = await db.select().from(laudos).where(eq(laudos.codigo, 'IMP-0'));
    expect(betaLaudo).toMatchObject({ empresaId: beta, tipo: 'NR-12', dataVencimento: '2027-01-01' });
    // No "Novo Laudo Criado" unless asked.
    const [emails] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailLogs)
      .where(eq(emailLogs.templateType, 'laudo_criado'));
    expect(emails!.n).toBe(0);

    const relatorio = await t.app.inject({
      method: 'GET',
      url: `/api/importacoes/${imp.id}/relatorio.csv`,
      headers: json(admin.cookie),
    });
    expect(relatorio.statusCode).toBe(200);
    const linhasDoRelatorio = relatorio.body.split('\r\n');
    expect(linhasDoRelatorio[0]).toBe('\uFEFFLinha;Código;Resultado;Mensagem');
    expect(linhasDoRelatorio).toContain('2;IMP-0;Importado;');
    expect(linhasDoRelatorio.filter((l) => l.includes(';Erro;'))).toHaveLength(37);

    // The same file again, skipping existing codes: nothing imported, nothing doubled. The rows
    // naming Beta's codes exist too, so with "pular" they are skipped rather than refused.
    const denovo = await enviada(t, admin.cookie, 'laudos.xlsx', arquivo);
    const vista2 = await previa(t, admin.cookie, denovo.id, MAPA, 'pular');
    expect(vista2.previa).toMatchObject({ novos: 0, pular: 9_963 + deOutra });
    expect(vista2.previa!.erros).toHaveLength(37 - deOutra);
    const pulada = await importar(t, admin.cookie, denovo.id, 'pular');
    expect(pulada.resultado).toEqual({
      importados: 0,
      atualizados: 0,
      pulados: 9_963 + deOutra,
      erros: 37 - deOutra,
    });
    expect(await contarLaudos(t, 'IMP-')).toBe(9_963);
    expect(Date.now() - inicio).toBeLessThan(120_000);
  }, 180_000);
});

describe('spreadsheet import: updates, CSV, e-mails', () => {
  it('"atualizar" changes the fields that differ, with an audit entry of old and new values and the import', async () => {
    t = await createTestServer({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const alfa = await empresaDeTeste(t, 'Usina Alfa');
    const primeira = await enviada(
      t,
      admin.cookie,
      'a.csv',
      Buffer.from(
        csv([
          ['UP-1', 'Caldeira', 'NR-13', '01/03/2027', '', '', ''],
          ['UP-2', 'Vaso', 'NR-13', '', '', '', ''],
        ]),
      ),
      alfa,
    );
    expect(primeira.mapeamento).not.toHaveProperty('empresa');
    await previa(t, admin.cookie, primeira.id, primeira.mapeamento, 'pular');
    expect((await importar(t, admin.cookie, primeira.id, 'pular')).resultado?.importados).toBe(2);

    const segunda = await enviada(
      t,
      admin.cookie,
      'b.csv',
      Buffer.from(
        csv([
          ['UP-1', 'Caldeira 1', 'NR-13', '2027-09-30', '', '', ''],
          ['UP-2', 'Vaso', 'NR-13', '', '', '', ''],
        ]),
      ),
      alfa,
    );
    const vista = await previa(t, admin.cookie, segunda.id, segunda.mapeamento, 'atualizar');
    expect(vista.previa).toMatchObject({ atualizar: 2, novos: 0, erros: [] });
    const feita = await importar(t, admin.cookie, segunda.id, 'atualizar');
    expect(feita.resultado).toEqual({ importados: 0, atualizados: 2, pulados: 0, erros: 0 });
    const db = t.server.database.db;
    const [up1] = await db.select().from(laudos).where(eq(laudos.codigo, 'UP-1'));
    expect(up1).toMatchObject({ nome: 'Caldeira 1', dataVencimento: '2027-09-30' });
    const alteracoes = await db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.acao, 'alterou'), sql`${auditoria.detalhes}->>'importacaoId' = ${segunda.id}`));
    // UP-2 had nothing to change: no entry.
    expect(alteracoes).toHaveLength(1);
    expect(alteracoes[0]).toMatchObject({
      entidadeId: up1!.id,
      atorId: admin.id,
      empresaId: alfa,
      campos: {
        nome: { de: 'Caldeira', para: 'Caldeira 1' },
        dataVencimento: { de: '2027-03-01', para: '2027-09-30' },
      },
    });
  });

  it('a row of a type tied to an NR-13 exam is a row error saying its date comes from the registry', async () => {
    t = await createTestServer({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const alfa = await empresaDeTeste(t, 'Usina Alfa');
    const tipo = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tipos-laudo',
      headers: json(admin.cookie),
      payload: { nome: 'NR-13 — Exame interno', exame: 'interno' },
    });
    expect(tipo.statusCode, tipo.body).toBe(201);
    const imp = await enviada(
      t,
      admin.cookie,
      'a.csv',
      Buffer.from(
        csv([
          ['VI-1', 'Vaso', 'NR-13 — Exame interno', '01/03/2027', '', '', ''],
          ['VI-2', 'Caldeira', 'NR-13', '01/03/2027', '', '', ''],
        ]),
      ),
      alfa,
    );
    const vista = await previa(t, admin.cookie, imp.id, imp.mapeamento, 'pular');
    expect(vista.previa?.validas).toBe(1);
    expect(vista.previa?.erros).toEqual([
      {
        linha: 2,
        campo: 'tipo',
        mensagem:
          'Laudos do tipo "NR-13 — Exame interno" vêm do cadastro de equipamentos NR-13 (Exame interno): a data de vencimento é calculada pelo cadastro. Cadastre o equipamento e registre a inspeção em Equipamentos.',
      },
    ]);
  });

  it('reads a CSV as Excel pt-BR saves it: ";" and Windows-1252 accents, or UTF-8 with BOM', async () => {
    t = await createTestServer({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const alfa = await empresaDeTeste(t, 'Usina Alfa');
    const texto = csv([
      ['ACE-1', 'Inspeção de caldeira', 'Manutenção preditiva', '15/08/2027', '', 'Atenção: vão livre', ''],
    ]);
    const w1252 = Buffer.from(texto, 'latin1');
    expect(w1252.includes(Buffer.from('ç', 'utf8'))).toBe(false);
    const a = await enviada(t, admin.cookie, 'laudos.csv', w1252, alfa);
    expect(a.colunas).toEqual(CABECALHOS);
    expect(a.amostra[0]).toEqual([
      'ACE-1',
      'Inspeção de caldeira',
      'Manutenção preditiva',
      '15/08/2027',
      '',
      'Atenção: vão livre',
      '',
    ]);
    expect(a.mapeamento).toMatchObject({
      codigo: 'Código',
      observacoes: 'Observações',
      dataVencimento: 'Data de vencimento',
    });

    const b = await enviada(
      t,
      admin.cookie,
      'laudos.csv',
      Buffer.from(
        `\uFEFF${csv([['ACE-2', '"Vaso; ""A"""', 'NR-13', '', '', '', '']], ',').replaceAll(';', ',')}`,
        'utf8',
      ),
      alfa,
    );
    expect(b.colunas[0]).toBe('Código');
    expect(b.amostra[0]![1]).toBe('Vaso, "A"');
    await previa(t, admin.cookie, a.id, a.mapeamento, 'pular');
    expect((await importar(t, admin.cookie, a.id, 'pular')).resultado?.importados).toBe(1);
    const [laudo] = await t.server.database.db.select().from(laudos).where(eq(laudos.codigo, 'ACE-1'));
    expect(laudo).toMatchObject({
      nome: 'Inspeção de caldeira',
      tipo: 'Manutenção preditiva',
      observacoes: 'Atenção: vão livre',
      dataVencimento: '2027-08-15',
    });
  });

  it("remembers the company's mapping for the same headings; another company's file is mapped by names", async () => {
    t = await createTestServer({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const alfa = await empresaDeTeste(t, 'Usina Alfa');
    const beta = await empresaDeTeste(t, 'Usina Beta');
    const proprio = Buffer.from(
      'Nº do laudo;Equipamento;Categoria;Próxima inspeção\r\nM-1;Caldeira;NR-13;01/02/2028\r\n',
    );
    const primeira = await enviada(t, admin.cookie, 'a.csv', proprio, alfa);
    // Only "Equipamento" is a known name (nome); the rest is the firm's own vocabulary.
    expect(primeira.mapeamento).toEqual({ nome: 'Equipamento' });
    const escolhido = {
      codigo: 'Nº do laudo',
      nome: 'Equipamento',
      tipo: 'Categoria',
      dataVencimento: 'Próxima inspeção',
    };
    const vista = await previa(t, admin.cookie, primeira.id, escolhido, 'pular');
    expect(vista.previa).toMatchObject({ novos: 1, erros: [] });
    expect((await enviada(t, admin.cookie, 'b.csv', proprio, alfa)).mapeamento).toEqual(escolhido);
    expect((await enviada(t, admin.cookie, 'c.csv', proprio, beta)).mapeamento).toEqual({
      nome: 'Equipamento',
    });
    // A required field left unmapped is one clear 400, not an error on every row.
    const semTipo = await t.app.inject({
      method: 'POST',
      url: `/api/importacoes/${primeira.id}/previa`,
      headers: json(admin.cookie),
      payload: { mapeamento: { codigo: 'Nº do laudo', nome: 'Equipamento' }, existentes: 'pular' },
    });
    expect(semTipo.statusCode).toBe(400);
    expect(semTipo.json().error.message).toBe('Indique a coluna de cada campo obrigatório: Tipo.');
  });

  it('refuses what is not a spreadsheet, an empty one and more than 10,000 rows, each in pt-BR', async () => {
    t = await createTestServer({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const pdf = await enviar(t, admin.cookie, 'x.pdf', Buffer.from('%PDF-1.4\n\0\0binário'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error.message).toMatch(/não é uma planilha CSV ou XLSX/);
    const vazia = await enviar(t, admin.cookie, 'x.csv', Buffer.alloc(0));
    expect(vazia.statusCode).toBe(422);
    const soCabecalho = await enviar(t, admin.cookie, 'x.csv', Buffer.from(csv([])));
    expect(soCabecalho.statusCode).toBe(422);
    const muitas = Array.from({ length: 10_001 }, (_, i) => [`X-${i}`, 'n', 'NR-13', '', '', '', '']);
    const grande = await enviar(t, admin.cookie, 'x.csv', Buffer.from(csv(muitas)));
    expect(grande.statusCode).toBe(422);
    expect(grande.json().error.message).toMatch(/^A planilha tem mais de 10\.000 linhas/);
    // A zip bomb dressed as .xlsx is refused before ExcelJS unpacks it.
    const bomba = await enviar(t, admin.cookie, 'x.xlsx', zipBombXlsx({ gigabytes: 1 }));
    expect(bomba.statusCode).toBe(400);
    expect(bomba.json().error.code).toBe('PLANILHA_SUSPEITA');
    // Over the settings' size limit (1 MB here): 413 with the limit.
    const settings = t.server.settings.get();
    await t.server.settings.update({ ...settings, limits: { ...settings.limits, maxFileSizeMb: 1 } });
    const pesada = await enviar(
      t,
      admin.cookie,
      'x.csv',
      Buffer.from(csv([['P-1', 'x'.repeat(1_100_000), 'NR-13', '', '', '', '']])),
    );
    expect(pesada.statusCode).toBe(413);
    expect(pesada.json().error.message).toBe('Arquivo maior que o limite de 1 MB.');
    expect(await t.server.database.db.select().from(importacoes)).toEqual([]);
  });

  it('queues "Novo Laudo Criado" only when asked, one per laudo with an e-mail', async () => {
    t = await createTestServer({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const alfa = await empresaDeTeste(t, 'Usina Alfa');
    const db = t.server.database.db;
    const contar = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(emailLogs)
          .where(eq(emailLogs.templateType, 'laudo_criado'))
      )[0]!.n;
    const sem = await enviada(
      t,
      admin.cookie,
      'a.csv',
      Buffer.from(csv([['EM-1', 'A', 'NR-13', '', 'a@acme.com.br', '', '']])),
      alfa,
    );
    await previa(t, admin.cookie, sem.id, sem.mapeamento, 'pular');
    await importar(t, admin.cookie, sem.id, 'pular', false);
    expect(await contar()).toBe(0);

    const com = await enviada(
      t,
      admin.cookie,
      'b.csv',
      Buffer.from(
        csv([
          ['EM-2', 'B', 'NR-13', '', 'b@acme.com.br', '', ''],
          ['EM-3', 'C', 'NR-13', '', '', '', ''],
          ['EM-4', 'D', 'NR-13', '', 'd@acme.com.br', '', ''],
        ]),
      ),
      alfa,
    );
    await previa(t, admin.cookie, com.id, com.mapeamento, 'pular');
    expect((await importar(t, admin.cookie, com.id, 'pular', true)).resultado?.importados).toBe(3);
    const enviados = await db
      .select({ para: emailLogs.recipientEmail })
      .from(emailLogs)
      .where(eq(emailLogs.templateType, 'laudo_criado'));
    expect(enviados.map((e) => e.para).sort()).toEqual(['b@acme.com.br', 'd@acme.com.br']);
  });
});

describe('spreadsheet import: the pg-boss job', () => {
  it('with the workers on, executing queues the job and the worker imports the rows', async () => {
    t = await createTestServer({ JOBS: 'on' });
    const admin = await createAdmin(t);
    const alfa = await empresaDeTeste(t, 'Usina Alfa');
    const imp = await enviada(
      t,
      admin.cookie,
      'a.csv',
      Buffer.from(
        csv([
          ['JOB-1', 'A', 'NR-13', '', '', '', ''],
          ['JOB-2', 'B', 'NR-12', '', '', '', ''],
        ]),
      ),
      alfa,
    );
    await previa(t, admin.cookie, imp.id, imp.mapeamento, 'pular');
    expect((await executar(t, admin.cookie, imp.id, 'pular')).statusCode).toBe(202);
    const feita = await waitUntil(
      async () => {
        const atual = await ler(t!, admin.cookie, imp.id);
        return atual.status === 'concluida' ? atual : null;
      },
      { timeoutMs: 30_000, what: 'a importação concluída pelo worker' },
    );
    expect(feita.resultado).toEqual({ importados: 2, atualizados: 0, pulados: 0, erros: 0 });
    expect(await contarLaudos(t, 'JOB-')).toBe(2);
  }, 60_000);
});

describe('spreadsheet import: plan and authorization', () => {
  async function cenario() {
    t = await createTestServer({ JOBS: 'off' });
    const db = t.server.database.db;
    const [comRecurso] = await db
      .insert(planos)
      .values({ nome: 'Pequeno com importação', maxLaudos: 50, dataExport: true })
      .returning({ id: planos.id });
    const [semRecurso] = await db
      .insert(planos)
      .values({ nome: 'Sem importação', maxLaudos: 500, dataExport: false })
      .returning({ id: planos.id });
    const a = await empresaDeTeste(t, 'Usina Alfa', { planoId: comRecurso!.id });
    const b = await empresaDeTeste(t, 'Usina Beta', { planoId: comRecurso!.id });
    const c = await empresaDeTeste(t, 'Usina Gama', { planoId: semRecurso!.id });
    const pessoa = async (email: string, empresaId: string, papel: 'gestor' | 'membro') => {
      const u = await createUser(t!, { email, empresaId, papel });
      return { ...u, cookie: await signIn(t!.app, u.email, u.password) };
    };
    return {
      t,
      a,
      gestorA: await pessoa('gestor@alfa.com.br', a, 'gestor'),
      membroA: await pessoa('membro@alfa.com.br', a, 'membro'),
      gestorB: await pessoa('gestor@beta.com.br', b, 'gestor'),
      gestorC: await pessoa('gestor@gama.com.br', c, 'gestor'),
    };
  }

  it('a gestor whose plan allows 50 laudos cannot import 60: refused with the plan message, none created', async () => {
    const { t, gestorA, a } = await cenario();
    const linhas = Array.from({ length: 60 }, (_, i) => [`LIM-${i}`, `Laudo ${i}`, 'NR-13', '', '', '', '']);
    const imp = await enviada(t, gestorA.cookie, 'a.csv', Buffer.from(csv(linhas)));
    expect(imp.mapeamento).not.toHaveProperty('empresa');
    const vista = await previa(t, gestorA.cookie, imp.id, imp.mapeamento, 'pular');
    const mensagem =
      'Limite do plano atingido: o plano Pequeno com importação permite até 50 laudos. Fale conosco para mudar de plano.';
    expect(vista.previa).toMatchObject({ novos: 60, limiteExcedido: mensagem });
    const res = await executar(t, gestorA.cookie, imp.id, 'pular');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toContain(mensagem);
    expect(await contarLaudos(t, 'LIM-')).toBe(0);
    // Executing without a preview of these choices is refused too.
    const outra = await executar(t, gestorA.cookie, imp.id, 'atualizar');
    expect(outra.statusCode).toBe(409);

    // 40 fit: the gestor's laudos go to their company, addressed to them by default.
    const cabem = await enviada(t, gestorA.cookie, 'b.csv', Buffer.from(csv(linhas.slice(0, 40))));
    await previa(t, gestorA.cookie, cabem.id, cabem.mapeamento, 'pular');
    expect((await importar(t, gestorA.cookie, cabem.id, 'pular')).resultado?.importados).toBe(40);
    const [l] = await t.server.database.db.select().from(laudos).where(eq(laudos.codigo, 'LIM-0'));
    expect(l).toMatchObject({ empresaId: a, emailCliente: 'gestor@alfa.com.br', criadoPor: gestorA.id });
    // One bell notice for the company's other people (the member), not 40.
    const [{ n } = { n: 0 }] = await t.server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(avisos)
      .where(eq(avisos.titulo, 'Laudos importados'));
    expect(n).toBe(1);
    // The plan's limit holds for what remains: 20 more would make 60.
    const mais = await enviada(t, gestorA.cookie, 'c.csv', Buffer.from(csv(linhas.slice(40))));
    expect((await previa(t, gestorA.cookie, mais.id, mais.mapeamento, 'pular')).previa?.limiteExcedido).toBe(
      mensagem,
    );
  });

  it('a member is refused, a plan without the feature is refused with its message, another company sees 404', async () => {
    const { t, gestorA, membroA, gestorB, gestorC } = await cenario();
    const arquivo = Buffer.from(csv([['AUT-1', 'A', 'NR-13', '', '', '', '']]));

    const membro = await enviar(t, membroA.cookie, 'a.csv', arquivo);
    expect(membro.statusCode).toBe(403);
    expect(membro.json().error.code).toBe('APENAS_GESTOR');
    const lista = await t.app.inject({
      method: 'GET',
      url: '/api/importacoes',
      headers: json(membroA.cookie),
    });
    expect(lista.statusCode).toBe(403);

    const semPlano = await enviar(t, gestorC.cookie, 'a.csv', arquivo);
    expect(semPlano.statusCode).toBe(403);
    expect(semPlano.json().error.code).toBe('RECURSO_FORA_DO_PLANO');
    expect(semPlano.json().error.message).toMatch(/Exporta|exporta/);
    const modelo = await t.app.inject({
      method: 'GET',
      url: '/api/importacoes/modelo',
      headers: json(gestorC.cookie),
    });
    expect(modelo.statusCode).toBe(403);

    const imp = await enviada(t, gestorA.cookie, 'a.csv', arquivo);
    for (const [method, url, payload] of [
      ['GET', `/api/importacoes/${imp.id}`, undefined],
      ['GET', `/api/importacoes/${imp.id}/relatorio.csv`, undefined],
      ['POST', `/api/importacoes/${imp.id}/previa`, { mapeamento: imp.mapeamento, existentes: 'pular' }],
      ['POST', `/api/importacoes/${imp.id}/executar`, { existentes: 'pular', enviarEmails: false }],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: json(gestorB.cookie),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('NAO_ENCONTRADO');
    }
    const deB = await t.app.inject({ method: 'GET', url: '/api/importacoes', headers: json(gestorB.cookie) });
    expect(deB.json().importacoes).toEqual([]);
    const deA = await t.app.inject({ method: 'GET', url: '/api/importacoes', headers: json(gestorA.cookie) });
    expect(deA.json().importacoes.map((i: { id: string }) => i.id)).toEqual([imp.id]);
    const [row] = await t.server.database.db.select().from(importacoes).where(eq(importacoes.id, imp.id));
    expect(row?.status).toBe('enviada');
  });

  it('the template: CSV with ";", BOM and CRLF; XLSX with the "Laudos" and "Tipos" sheets; it maps itself', async () => {
    t = await createTestServer({ JOBS: 'off' });
    const admin = await createAdmin(t);
    const csvRes = await t.app.inject({
      method: 'GET',
      url: '/api/importacoes/modelo?formato=csv',
      headers: json(admin.cookie),
    });
    expect(csvRes.statusCode).toBe(200);
    expect(csvRes.body.startsWith(`\uFEFF${CABECALHOS.join(';')}\r\n`)).toBe(true);
    const xlsxRes = await t.app.inject({
      method: 'GET',
      url: '/api/importacoes/modelo?formato=xlsx',
      headers: json(admin.cookie),
    });
    expect(xlsxRes.statusCode).toBe(200);
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(xlsxRes.rawPayload as unknown as ArrayBuffer);
    expect(livro.worksheets.map((w) => w.name)).toEqual(['Laudos', 'Tipos']);
    expect(livro.getWorksheet('Tipos')!.getColumn(1).values).toContain('NR-13');
    const imp = await enviada(t, admin.cookie, 'modelo.xlsx', xlsxRes.rawPayload);
    expect(imp.mapeamento).toEqual(MAPA);
  });
});
