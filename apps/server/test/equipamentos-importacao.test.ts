import type { Equipamento, PreviaDeEquipamentos } from '@laudos/domain/api';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { auditoria, equipamentos, laudos, planos } from '../src/db/schema.ts';
import { createAdmin, createUser, empresaDeTeste, json } from './helpers/accounts.ts';
import { createTestServer, signIn, type TestServer } from './helpers/server.ts';

/**
 * Issue 23, the spreadsheet import of equipment (decision 048): a 300-row sheet of vessels, boilers,
 * piping connecting its vessels and PSVs protecting them, with a dozen bad rows of every kind, is
 * previewed row by row and saves nothing; fixed, it imports in one go and each equipment gets what
 * one typed by hand gets (category, exam dates, exam laudos, an audit entry marked with the
 * import); a re-run skips or updates; Excel pt-BR's CSV reads right; and only admins and gestores
 * whose plan has the feature may import, each into their own company.
 */

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const CABECALHOS = [
  'TAG',
  'Tipo',
  'Descrição',
  'Pressão de operação (kPa)',
  'Pressão máxima de operação (kPa)',
  'Volume (m³)',
  'Classe do fluido (A–D)',
  'SPIE (sim/não)',
  'Protege (TAG)',
  'Conecta (TAGs)',
  'Último exame externo',
  'Último exame interno',
  'Última inspeção de segurança (caldeira)',
  'Última inspeção periódica',
];
type Linha = Partial<Record<(typeof CABECALHOS)[number], string>>;

function csv(linhas: Linha[], cabecalhos = CABECALHOS): string {
  const cel = (v: string) => (/[;"\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return [cabecalhos.join(';'), ...linhas.map((l) => cabecalhos.map((c) => cel(l[c] ?? '')).join(';'))].join(
    '\r\n',
  );
}

/** 100 vessels, 20 boilers, 80 piping lines connecting vessels, 100 PSVs protecting vessels. */
function planilhaBoa(): Linha[] {
  const classes = ['A', 'B', 'C', 'D'];
  const vasos = Array.from({ length: 100 }, (_, i) => ({
    TAG: `V-${String(i + 1).padStart(3, '0')}`,
    Tipo: i % 2 ? 'Vaso de pressão' : 'vaso',
    Descrição: `Vaso ${i + 1}`,
    'Pressão máxima de operação (kPa)': String(300 + i * 37),
    'Volume (m³)': `${1 + (i % 9)},5`,
    'Classe do fluido (A–D)': classes[i % 4]!,
    'SPIE (sim/não)': i % 5 === 0 ? 'sim' : 'não',
    'Último exame externo': `${String((i % 27) + 1).padStart(2, '0')}/03/2025`,
    'Último exame interno': `${String((i % 27) + 1).padStart(2, '0')}/03/2022`,
  }));
  const caldeiras = Array.from({ length: 20 }, (_, i) => ({
    TAG: `C-${String(i + 1).padStart(2, '0')}`,
    Tipo: 'Caldeira',
    'Pressão de operação (kPa)': i % 2 ? '2500' : '800',
    'Última inspeção de segurança (caldeira)': '2025-06-10',
  }));
  const tubulacoes = Array.from({ length: 80 }, (_, i) => ({
    TAG: `T-${String(i + 1).padStart(3, '0')}`,
    Tipo: 'Tubulação',
    'Conecta (TAGs)': `V-${String(i + 1).padStart(3, '0')}, V-${String(i + 2).padStart(3, '0')}`,
    'Última inspeção periódica': '15/01/2024',
  }));
  const psvs = Array.from({ length: 100 }, (_, i) => ({
    TAG: `PSV-${String(i + 1).padStart(3, '0')}`,
    Tipo: 'Dispositivo de segurança',
    'Protege (TAG)': `V-${String(i + 1).padStart(3, '0')}`,
    'Última inspeção periódica': '20/02/2025',
  }));
  // Devices and piping first in the file: the import orders them after what they link to.
  return [...psvs, ...tubulacoes, ...vasos, ...caldeiras];
}

/** Twelve bad rows, one kind each, with the message the preview must give (row = index + 302). */
const RUINS: { linha: Linha; campo: string | null; mensagem: string }[] = [
  {
    linha: { TAG: 'R-01', Tipo: 'Reator' },
    campo: 'Tipo',
    mensagem:
      'Tipo desconhecido: "Reator". Use Caldeira, Vaso de pressão, Tubulação, Tanque ou Dispositivo de segurança.',
  },
  { linha: { Tipo: 'Tanque' }, campo: 'TAG', mensagem: 'Informe a TAG do equipamento.' },
  {
    linha: { TAG: 'v-001', Tipo: 'Tanque' },
    campo: 'TAG',
    mensagem: 'TAG repetida na planilha: já aparece na linha 182.',
  },
  {
    linha: { TAG: 'R-04', Tipo: 'Vaso de pressão', 'Volume (m³)': 'dez' },
    campo: 'Volume (m³)',
    mensagem: 'Número inválido: "dez". Use só algarismos, com vírgula nos decimais (ex.: 2,5).',
  },
  {
    linha: { TAG: 'R-05', Tipo: 'Vaso de pressão', 'Último exame externo': '31/02/2020' },
    campo: 'Último exame externo',
    mensagem: 'Data inválida: "31/02/2020". Use dd/mm/aaaa.',
  },
  {
    linha: { TAG: 'R-06', Tipo: 'Tanque', 'Última inspeção periódica': '01/01/2099' },
    campo: 'Última inspeção periódica',
    mensagem: 'A data não pode estar no futuro.',
  },
  {
    linha: { TAG: 'R-07', Tipo: 'Vaso de pressão', 'Classe do fluido (A–D)': 'E' },
    campo: 'Classe do fluido (A–D)',
    mensagem: 'Classe de fluido inválida: use A, B, C ou D.',
  },
  {
    linha: { TAG: 'R-08', Tipo: 'Dispositivo de segurança', 'Protege (TAG)': 'V-999' },
    campo: 'Protege (TAG)',
    mensagem: 'TAG "V-999" não encontrada na planilha nem nos equipamentos da empresa.',
  },
  {
    linha: { TAG: 'R-09', Tipo: 'Tubulação', 'Conecta (TAGs)': 'V-001; X-1' },
    campo: 'Conecta (TAGs)',
    mensagem: 'TAG "X-1" não encontrada na planilha nem nos equipamentos da empresa.',
  },
  {
    linha: { TAG: 'R-10', Tipo: 'PSV', 'Protege (TAG)': 'PSV-001' },
    campo: 'Protege (TAG)',
    mensagem:
      '"PSV-001" é um dispositivo de segurança: um dispositivo protege um equipamento, não outro dispositivo.',
  },
  {
    linha: { TAG: 'R-11', Tipo: 'Tubulação', 'Conecta (TAGs)': 'PSV-002' },
    campo: 'Conecta (TAGs)',
    mensagem: '"PSV-002" não é vaso de pressão nem caldeira: uma tubulação se liga a esses.',
  },
  {
    linha: { TAG: 'R-12', Tipo: 'Caldeira', 'Último exame interno': '01/01/2024' },
    campo: 'Último exame interno',
    mensagem: 'Exame interno não se aplica a caldeira.',
  },
];

function multipart(arquivo: Buffer, nome: string, campos: Record<string, string>) {
  const boundary = `----eq${Math.random().toString(16).slice(2)}`;
  const partes: Buffer[] = [];
  for (const [k, v] of Object.entries(campos))
    partes.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  partes.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${nome}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    arquivo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { boundary, payload: Buffer.concat(partes) };
}

async function enviar(
  t: TestServer,
  cookie: string,
  url: '/api/equipamentos/importacao' | '/api/equipamentos/importacao/previa',
  arquivo: Buffer | string,
  campos: Record<string, string> = {},
  nome = 'equipamentos.csv',
) {
  const { boundary, payload } = multipart(Buffer.from(arquivo), nome, campos);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...json(cookie), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function previa(t: TestServer, cookie: string, arquivo: Buffer | string, campos = {}) {
  const res = await enviar(t, cookie, '/api/equipamentos/importacao/previa', arquivo, campos);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { previa: PreviaDeEquipamentos }).previa;
}

async function cenario() {
  t = await createTestServer({ JOBS: 'off' });
  const db = t.server.database.db;
  const [comRecurso] = await db
    .insert(planos)
    .values({ nome: 'Com importação', maxLaudos: 5000, dataExport: true })
    .returning({ id: planos.id });
  const [semRecurso] = await db
    .insert(planos)
    .values({ nome: 'Sem importação', maxLaudos: 5000, dataExport: false })
    .returning({ id: planos.id });
  const a = await empresaDeTeste(t, 'Usina Alfa', { planoId: comRecurso!.id });
  const b = await empresaDeTeste(t, 'Usina Beta', { planoId: comRecurso!.id });
  const c = await empresaDeTeste(t, 'Usina Gama', { planoId: semRecurso!.id });
  const pessoa = async (email: string, empresaId: string, papel: 'gestor' | 'membro') => {
    const u = await createUser(t!, { email, empresaId, papel });
    return { ...u, cookie: await signIn(t!.app, u.email, u.password) };
  };
  const admin = await createAdmin(t);
  return {
    t,
    db,
    a,
    b,
    admin: admin.cookie,
    gestorA: await pessoa('gestor@alfa.com.br', a, 'gestor'),
    membroA: await pessoa('membro@alfa.com.br', a, 'membro'),
    gestorB: await pessoa('gestor@beta.com.br', b, 'gestor'),
    gestorC: await pessoa('gestor@gama.com.br', c, 'gestor'),
  };
}

const contar = async (t: TestServer, empresaId: string) =>
  (
    await t.server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(equipamentos)
      .where(eq(equipamentos.empresaId, empresaId))
  )[0]!.n;

async function buscarPorTag(t: TestServer, cookie: string, empresaId: string, tag: string) {
  const [row] = await t.server.database.db
    .select({ id: equipamentos.id })
    .from(equipamentos)
    .where(and(eq(equipamentos.empresaId, empresaId), eq(equipamentos.tag, tag)));
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/equipamentos/${row!.id}`,
    headers: json(cookie),
  });
  return (res.json() as { equipamento: Equipamento }).equipamento;
}

describe('spreadsheet import of equipment', () => {
  it('previews 312 rows with exactly the 12 bad ones, saves nothing; the fixed sheet imports like typed by hand; re-runs skip or update', async () => {
    const { t, db, a, b, gestorA, gestorB } = await cenario();
    const boas = planilhaBoa();
    const comErros = csv([...boas, ...RUINS.map((r) => r.linha)]);

    const vista = await previa(t, gestorA.cookie, comErros);
    expect(vista.total).toBe(312);
    expect(vista.erros).toEqual(
      RUINS.map((r, i) => ({ linha: 302 + i, campo: r.campo, mensagem: r.mensagem })),
    );
    expect(vista.criar).toBe(300);
    const v1 = vista.linhas.find((l) => l.tag === 'V-001')!;
    expect(v1).toMatchObject({ linha: 182, tipo: 'vaso', acao: 'criar' });
    const psv1 = vista.linhas.find((l) => l.tag === 'PSV-001')!;
    expect(psv1.exames[0]!.data).not.toBeNull();
    expect(await contar(t, a)).toBe(0);

    // The import refuses the same file with the same list, and saves nothing.
    const recusada = await enviar(t, gestorA.cookie, '/api/equipamentos/importacao', comErros);
    expect(recusada.statusCode).toBe(400);
    expect(recusada.json().error.code).toBe('PLANILHA_COM_ERROS');
    expect(recusada.json().error.message).toBe(
      'Nada foi importado: a planilha tem 12 erros. Corrija as linhas indicadas e envie de novo.',
    );
    expect(recusada.json().error.erros).toEqual(vista.erros);
    expect(await contar(t, a)).toBe(0);

    // Fixed: all 300 in one go.
    const boa = csv(boas);
    const vistaBoa = await previa(t, gestorA.cookie, boa);
    expect(vistaBoa.erros).toEqual([]);
    const feita = await enviar(t, gestorA.cookie, '/api/equipamentos/importacao', boa);
    expect(feita.statusCode, feita.body).toBe(200);
    expect(feita.json().resultado).toEqual({ criados: 300, atualizados: 0, pulados: 0 });
    expect(await contar(t, a)).toBe(300);

    // Each equipment as if typed by hand: the same vessel created in company B by hand.
    const importado = await buscarPorTag(t, gestorA.cookie, a, 'V-001');
    const manual = await t.app.inject({
      method: 'POST',
      url: '/api/equipamentos',
      headers: json(gestorB.cookie),
      payload: {
        tipo: 'vaso',
        tag: 'V-001',
        descricao: 'Vaso 1',
        pressaoMaximaKpa: 300,
        volumeM3: 1.5,
        classeFluido: 'A',
        spie: true,
        ultimosExames: { externo: '2025-03-01', interno: '2022-03-01' },
      },
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const aMao = (manual.json() as { equipamento: Equipamento }).equipamento;
    expect(importado.categoria).toBe(aMao.categoria);
    expect(importado.classificacao).toBe(aMao.classificacao);
    const datas = (e: Equipamento) => e.exames.map((x) => [x.exame, x.data, x.explicacao]);
    expect(datas(importado)).toEqual(datas(aMao));
    // The preview showed what the registry computed.
    expect(v1.categoria).toBe(importado.categoria);
    expect(v1.exames.map((x) => x.data)).toEqual(importado.exames.map((x) => x.data));
    const laudosDe = async (id: string) =>
      (
        await db
          .select({ nome: laudos.nome, exame: laudos.exame, data: laudos.dataVencimento })
          .from(laudos)
          .where(eq(laudos.equipamentoId, id))
          .orderBy(asc(laudos.exame))
      ).map((l) => [l.nome, l.exame, l.data]);
    expect(await laudosDe(importado.id)).toEqual(await laudosDe(aMao.id));
    expect((await laudosDe(importado.id)).length).toBe(2);

    // Piping follows its vessels, the PSV the vessel it protects (linked by TAG).
    const t1 = await buscarPorTag(t, gestorA.cookie, a, 'T-001');
    expect(t1.conexoes.map((c) => c.tag)).toEqual(['V-001', 'V-002']);
    expect(t1.exames[0]!.intervaloMeses).not.toBeNull();
    const p1 = await buscarPorTag(t, gestorA.cookie, a, 'PSV-001');
    expect(p1.protegeId).toBe(importado.id);
    expect(p1.exames[0]!.data).toBe(psv1.exames[0]!.data);

    // The audit entry says it came from the import.
    const [entrada] = await db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidadeId, importado.id), eq(auditoria.acao, 'criou')));
    expect(entrada?.detalhes).toMatchObject({
      importacao: 'planilha',
      arquivo: 'equipamentos.csv',
      linha: 182,
    });

    // Again with "pular": nothing created.
    const pulada = await enviar(t, gestorA.cookie, '/api/equipamentos/importacao', boa, { modo: 'pular' });
    expect(pulada.json().resultado).toEqual({ criados: 0, atualizados: 0, pulados: 300 });
    expect(await contar(t, a)).toBe(300);

    // "atualizar": the values change, with an audit entry.
    // Only the columns present change: SPIE and the pressures stay as they were.
    const mudada = csv(
      [
        { TAG: 'V-001', Tipo: 'Vaso de pressão', Descrição: 'Vaso 1 reformado', 'Volume (m³)': '40' },
        { TAG: 'V-NOVO', Tipo: 'Vaso de pressão' },
      ],
      ['TAG', 'Tipo', 'Descrição', 'Volume (m³)'],
    );
    const vistaMudada = await previa(t, gestorA.cookie, mudada, { modo: 'atualizar' });
    expect(vistaMudada).toMatchObject({ atualizar: 1, criar: 1, erros: [] });
    const atualizada = await enviar(t, gestorA.cookie, '/api/equipamentos/importacao', mudada, {
      modo: 'atualizar',
    });
    expect(atualizada.json().resultado).toEqual({ criados: 1, atualizados: 1, pulados: 0 });
    const depois = await buscarPorTag(t, gestorA.cookie, a, 'V-001');
    expect(depois).toMatchObject({ descricao: 'Vaso 1 reformado', volumeM3: 40, spie: true });
    expect(depois.categoria).toBe(vistaMudada.linhas.find((l) => l.tag === 'V-001')!.categoria);
    const [alterou] = await db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidadeId, importado.id), eq(auditoria.acao, 'alterou')));
    expect(alterou?.campos).toMatchObject({ descricao: { de: 'Vaso 1', para: 'Vaso 1 reformado' } });
    expect(alterou?.detalhes).toMatchObject({ importacao: 'planilha', linha: 2 });
    // Changing a type is refused.
    const outroTipo = await previa(t, gestorA.cookie, csv([{ TAG: 'V-001', Tipo: 'Tanque' }]), {
      modo: 'atualizar',
    });
    expect(outroTipo.erros[0]?.mensagem).toBe(
      'A TAG "V-001" já existe nesta empresa como vaso de pressão: o tipo não muda na importação.',
    );
    expect(await contar(t, b)).toBe(1);
  }, 180_000);

  it("reads Excel pt-BR's CSV (; with BOM, and Windows-1252), an XLSX, and the templates", async () => {
    const { t, a, gestorA } = await cenario();
    const texto =
      'TAG;Tipo;Descrição;Pressão máxima de operação (kPa);Volume (m³);Classe do fluido (A–D)\r\n' +
      'V-1;Vaso de pressão;Pulmão “principal”;1.240;10,0;B\r\n';
    const comBom = await previa(t, gestorA.cookie, Buffer.from(`\uFEFF${texto}`, 'utf8'));
    expect(comBom.erros).toEqual([]);
    expect(comBom.linhas[0]).toMatchObject({ tag: 'V-1', categoria: 'III' });
    // Windows-1252: "Descrição", "“principal”"; but "–" and "³" as Excel writes them.
    const cp1252 = Buffer.from(
      Array.from(texto, (ch) => {
        const mapa: Record<string, number> = { '“': 0x93, '”': 0x94, '–': 0x96 };
        return mapa[ch] ?? ch.charCodeAt(0);
      }),
    );
    const vista = await previa(t, gestorA.cookie, cp1252);
    expect(vista.erros).toEqual([]);
    expect(vista.linhas[0]).toMatchObject({ tag: 'V-1', categoria: 'III' });
    const feita = await enviar(t, gestorA.cookie, '/api/equipamentos/importacao', cp1252);
    expect(feita.json().resultado.criados).toBe(1);
    expect((await buscarPorTag(t, gestorA.cookie, a, 'V-1')).descricao).toBe('Pulmão “principal”');

    // Sizes, in the equipment's words: headings only; more than 2,000 rows.
    const vazia = await enviar(t, gestorA.cookie, '/api/equipamentos/importacao/previa', 'TAG;Tipo\r\n');
    expect(vazia.statusCode).toBe(422);
    expect(vazia.json().error.message).toBe(
      'A planilha só tem a linha de cabeçalhos: não há equipamentos para importar.',
    );
    const grande = await enviar(
      t,
      gestorA.cookie,
      '/api/equipamentos/importacao',
      csv(Array.from({ length: 2001 }, (_, i) => ({ TAG: `TQ-${i}`, Tipo: 'Tanque' }))),
    );
    expect(grande.statusCode).toBe(422);
    expect(grande.json().error.code).toBe('PLANILHA_GRANDE_DEMAIS');
    expect(await contar(t, a)).toBe(1);

    // The templates: every heading, readable back as a valid sheet (the example vessel and its PSV).
    for (const formato of ['csv', 'xlsx'] as const) {
      const modelo = await t.app.inject({
        method: 'GET',
        url: `/api/equipamentos/importacao/modelo?formato=${formato}`,
        headers: json(gestorA.cookie),
      });
      expect(modelo.statusCode).toBe(200);
      expect(modelo.headers['content-disposition']).toContain(`modelo-importacao-equipamentos.${formato}`);
      if (formato === 'csv') {
        expect(modelo.body.startsWith('\uFEFFTAG;Tipo;Descrição;')).toBe(true);
        for (const c of [
          'Protege (TAG)',
          'Conecta (TAGs)',
          'SPIE (sim/não)',
          'Último exame interno',
          'PMTA (kPa)',
        ])
          expect(modelo.body).toContain(c);
      } else {
        const livro = new ExcelJS.Workbook();
        await livro.xlsx.load(modelo.rawPayload as unknown as ArrayBuffer);
        expect(livro.worksheets[0]!.getRow(1).getCell(1).value).toBe('TAG');
      }
      const res = await enviar(
        t,
        gestorA.cookie,
        '/api/equipamentos/importacao/previa',
        modelo.rawPayload,
        {},
        `modelo.${formato}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json().previa as PreviaDeEquipamentos;
      expect(p.erros).toEqual([]);
      expect(p.linhas.map((l) => [l.tag, l.tipo, l.categoria])).toEqual([
        ['V-101', 'vaso', 'III'],
        ['PSV-101', 'dispositivo', null],
      ]);
    }
  });

  it('admins name the company; a member is refused, another company is 404, a plan without the feature 403', async () => {
    const { t, a, admin, gestorA, membroA, gestorB, gestorC } = await cenario();
    const arquivo = csv([{ TAG: 'TQ-1', Tipo: 'Tanque' }]);
    const url = '/api/equipamentos/importacao';

    const semEmpresa = await enviar(t, admin, url, arquivo);
    expect(semEmpresa.statusCode).toBe(400);
    expect(semEmpresa.json().error.message).toBe('Informe a empresa do equipamento.');
    const doAdmin = await enviar(t, admin, url, arquivo, { empresaId: a });
    expect(doAdmin.json().resultado).toEqual({ criados: 1, atualizados: 0, pulados: 0 });

    const gestor = await enviar(t, gestorA.cookie, url, csv([{ TAG: 'TQ-2', Tipo: 'Tanque' }]), {
      empresaId: a,
    });
    expect(gestor.json().resultado.criados).toBe(1);
    expect(await contar(t, a)).toBe(2);

    for (const rota of [url, `${url}/previa`] as const) {
      const membro = await enviar(t, membroA.cookie, rota, arquivo);
      expect(membro.statusCode).toBe(403);
      expect(membro.json().error).toMatchObject({
        code: 'APENAS_GESTOR',
        message: 'Apenas o gestor da empresa pode importar equipamentos por planilha.',
      });
      const outra = await enviar(t, gestorB.cookie, rota, arquivo, { empresaId: a });
      expect(outra.statusCode).toBe(404);
      expect(outra.json().error.code).toBe('NAO_ENCONTRADO');
      const semPlano = await enviar(t, gestorC.cookie, rota, arquivo);
      expect(semPlano.statusCode).toBe(403);
      expect(semPlano.json().error.code).toBe('RECURSO_FORA_DO_PLANO');
    }
    const modelo = await t.app.inject({
      method: 'GET',
      url: `${url}/modelo`,
      headers: json(membroA.cookie),
    });
    expect(modelo.statusCode).toBe(403);
    const modo = await enviar(t, gestorA.cookie, url, arquivo, { modo: 'substituir' });
    expect(modo.statusCode).toBe(400);
    expect(modo.json().error.campos[0].mensagem).toBe('Modo inválido: use pular ou atualizar.');
    expect(await contar(t, a)).toBe(2);
  });
});
