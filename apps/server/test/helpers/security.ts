import { createHash } from 'node:crypto';
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync, constants as zlib } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  apiKeys,
  avisos,
  chamadoMensagens,
  chamados,
  emailSupressoes,
  equipamentoInspecoes,
  equipamentoProrrogacoes,
  equipamentos,
  importacaoLinhas,
  importacoes,
  laudos,
  notificationHistory,
  respostasLembrete,
} from '../../src/db/schema.ts';
import { suprimir } from '../../src/email/supressao.ts';
import { avisar } from '../../src/modules/avisos/service.ts';
import { gerarChaveApi } from '../../src/modules/chaves-api/service.ts';
import { recalcularEquipamento } from '../../src/modules/equipamentos/service.ts';
import { assinarLink } from '../../src/modules/respostas/link.ts';
import { xlsxBuffer } from '../../src/storage/test-fixtures.ts';
import { conviteDeTeste, createUser, json } from './accounts.ts';
import { signIn, TEST_ORIGIN, type TestServer } from './server.ts';

/**
 * Shared pieces of the server's tests (the security suite first): files, uploads, accounts, database
 * state. One place builds a test PDF, spreadsheet, image or multipart upload.
 */

export const MB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

/** A PDF of exactly `bytes` bytes (at least its header). */
export function pdf(bytes = 1200): Buffer {
  const base = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
  if (bytes <= base.length) return base;
  return Buffer.concat([base, Buffer.alloc(bytes - base.length, 0x20)]);
}

export async function xlsx(
  linhas: (string | number | Date)[][] = [
    ['Ponto', 'Espessura'],
    ['Costado A', '12,5'],
  ],
) {
  return xlsxBuffer((wb) => {
    const ws = wb.addWorksheet('Medições');
    for (const linha of linhas) ws.addRow(linha);
  });
}

export async function png(width = 64, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0ba2e9' } })
    .png()
    .toBuffer();
}

/**
 * A ZIP laid out like an XLSX whose worksheet inflates to `gigabytes` GB of zeros from a few MB:
 * one deflate block of 1 MB of zeros (full flush, so it stands alone) repeated. The headers declare
 * the real size, or `declaredSize` (a lie, as a crafted bomb would tell).
 */
export function zipBombXlsx({ gigabytes, declaredSize }: { gigabytes: number; declaredSize?: number }) {
  const block = deflateRawSync(Buffer.alloc(MB), { finishFlush: zlib.Z_FULL_FLUSH });
  const end = deflateRawSync(Buffer.alloc(0));
  const repeats = Math.round(gigabytes * 1024);
  const bomb = Buffer.concat([...Array.from({ length: repeats }, () => block), end]);
  const unpacked = repeats * MB;
  return buildZip([
    {
      name: '[Content_Types].xml',
      packed: deflateRawSync(Buffer.from(CONTENT_TYPES)),
      size: CONTENT_TYPES.length,
    },
    { name: 'xl/workbook.xml', packed: deflateRawSync(Buffer.from('<workbook/>')), size: 11 },
    {
      name: 'xl/worksheets/sheet1.xml',
      packed: bomb,
      // The header field holds 32 bits: a bigger bomb can only lie.
      size: declaredSize ?? Math.min(unpacked, 0xfffffffe),
    },
  ]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';

function buildZip(entries: { name: string; packed: Buffer; size: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(entry.packed.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(entry.packed.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.packed);
    centrals.push(central, name);
    offset += local.length + name.length + entry.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

// ---------------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------------

/**
 * A multipart/form-data body with one file. `disposition` replaces the part's whole
 * Content-Disposition value, to send names a browser would encode (RFC 5987 `filename*`, raw CR/LF).
 */
export function multipart(
  filename: string,
  content: Buffer,
  { field = 'arquivo', contentType = 'application/octet-stream', disposition = '' } = {},
) {
  const boundary = `----laudos${Math.random().toString(16).slice(2)}`;
  const cd = disposition || `form-data; name="${field}"; filename="${filename}"`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: ${cd}\r\nContent-Type: ${contentType}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function uploadArquivo(
  t: TestServer,
  cookie: string,
  laudoId: string,
  tipo: 'pdf' | 'excel',
  filename: string,
  content: Buffer,
  options: Parameters<typeof multipart>[2] = {},
) {
  const body = multipart(filename, content, options);
  return t.app.inject({
    method: 'POST',
    url: `/api/laudos/${laudoId}/arquivos/${tipo}`,
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/**
 * The multipart body of POST /api/laudos/:id/renovar (decision 030): the fields, then the files
 * (`pdf`, `excel`), in the order a browser's FormData sends them.
 */
export function corpoDeRenovacao(
  campos: Record<string, string>,
  arquivos: Partial<Record<'pdf' | 'excel', [nome: string, conteudo: Buffer]>> = {},
) {
  const boundary = `----laudos${Math.random().toString(16).slice(2)}`;
  const partes: Buffer[] = [];
  for (const [nome, valor] of Object.entries(campos))
    partes.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${nome}"\r\n\r\n${valor}\r\n`),
    );
  for (const [campo, [nome, conteudo]] of Object.entries(arquivos)) {
    partes.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${campo}"; filename="${nome}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      conteudo,
      Buffer.from('\r\n'),
    );
  }
  partes.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(partes), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Renews a laudo as `cookie`'s user (`corpoDeRenovacao`). */
export async function renovarLaudoDeTeste(
  t: TestServer,
  cookie: string,
  laudoId: string,
  campos: Record<string, string>,
  arquivos: Parameters<typeof corpoDeRenovacao>[1] = {},
) {
  const body = corpoDeRenovacao(campos, arquivos);
  return t.app.inject({
    method: 'POST',
    url: `/api/laudos/${laudoId}/renovar`,
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': body.contentType },
    payload: body.payload,
  });
}

export async function uploadCapa(
  t: TestServer,
  cookie: string,
  postId: string,
  filename: string,
  content: Buffer,
  options: Parameters<typeof multipart>[2] = {},
) {
  const body = multipart(filename, content, options);
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/blog/posts/${postId}/capa`,
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** Every file under `dir` (recursively), with its content's SHA-256, path relative to `dir`. */
export function filesUnder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    out[path.relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Accounts and laudos
// ---------------------------------------------------------------------------------------------

export async function clienteComSessao(
  t: TestServer,
  dados: { email: string; empresa?: string | null; empresaConfirmada?: boolean; nome?: string },
) {
  const usuario = await createUser(t, {
    email: dados.email,
    nome: dados.nome ?? `Cliente ${dados.email}`,
    empresa: dados.empresa ?? null,
    empresaConfirmada: dados.empresaConfirmada ?? Boolean(dados.empresa),
  });
  return { ...usuario, cookie: await signIn(t.app, usuario.email, usuario.password) };
}

/**
 * Real records for the team routes of issue 17 (a colleague and a pending invitation of the
 * company), keyed by path prefix as the suites that walk openapi.json look them up; the company
 * itself (`/api/admin/empresas/{id}`) is the suite's own entry.
 */
export async function registrosDaEquipe(t: TestServer, empresaId: string): Promise<Record<string, string>> {
  const sufixo = Math.random().toString(36).slice(2, 8);
  const colega = await createUser(t, {
    email: `colega-${sufixo}@equipe.com.br`,
    nome: 'Colega da equipe',
    empresaId,
    papel: 'membro',
  });
  const convite = await conviteDeTeste(t, empresaId, `convidado-${sufixo}@equipe.com.br`);
  // An API key of the company (issue 18), straight in the database as the service keeps it.
  const { prefixo, hash } = gerarChaveApi();
  const [chave] = await t.server.database.db
    .insert(apiKeys)
    .values({ empresaId, nome: 'Chave da equipe', prefixo, hash })
    .returning({ id: apiKeys.id });
  // A support request of the company with its first message (issue 18, decision 027).
  const [chamado] = await t.server.database.db
    .insert(chamados)
    .values({ empresaId, autorId: colega.id, assunto: 'Chamado da equipe' })
    .returning({ id: chamados.id });
  const [mensagem] = await t.server.database.db
    .insert(chamadoMensagens)
    .values({ chamadoId: chamado!.id, autorId: colega.id, daFirma: false, corpo: 'Mensagem da equipe' })
    .returning({ id: chamadoMensagens.id });
  return {
    '/api/avisos/{id}': await avisoDeTeste(t, colega.id),
    '/api/suporte/chamados/{id}': chamado!.id,
    '/api/suporte/chamados/{id}/mensagens/{mensagemId}': mensagem!.id,
    '/api/admin/suporte/chamados/{id}': chamado!.id,
    '/api/admin/suporte/chamados/{id}/mensagens/{mensagemId}': mensagem!.id,
    '/api/empresa/chaves-api/{id}': chave!.id,
    '/api/admin/empresas/{id}/chaves-api/{chaveId}': chave!.id,
    '/api/admin/empresas/{id}/convites/{conviteId}': convite.id,
    '/api/admin/empresas/{id}/pessoas/{usuarioId}': colega.id,
    '/api/empresa/convites/{id}': convite.id,
    '/api/empresa/pessoas/{id}': colega.id,
    '/api/convites/{token}': convite.token,
    '/api/respostas/{token}': await respostaDeTeste(t, empresaId),
    '/api/admin/renovacoes/{id}': (await pedidoDeRenovacao(t, empresaId)).id,
    ...(await equipamentoDeTeste(t, empresaId)),
  };
}

/**
 * A vessel of the company with its last internal exam and an extension request (issue 23), keyed
 * like `registrosDaEquipe`'s records.
 */
async function equipamentoDeTeste(t: TestServer, empresaId: string): Promise<Record<string, string>> {
  const db = t.server.database.db;
  const [vaso] = await db
    .insert(equipamentos)
    .values({
      empresaId,
      tipo: 'vaso',
      tag: `V-${Math.random().toString(36).slice(2, 8)}`,
      pressaoMaximaKpa: 1240,
      volumeM3: 10,
      classeFluido: 'B',
    })
    .returning({ id: equipamentos.id });
  await db.insert(equipamentoInspecoes).values({
    equipamentoId: vaso!.id,
    tipo: 'registro_anterior',
    exames: ['interno'],
    dataFim: '2024-01-10',
  });
  await recalcularEquipamento(db, vaso!.id);
  const [prorrogacao] = await db
    .insert(equipamentoProrrogacoes)
    .values({
      equipamentoId: vaso!.id,
      exame: 'interno',
      tipo: 'forca_maior',
      meses: 3,
      justificativa: 'Parada geral adiada',
      phNome: 'Eng. Teste',
      phCrea: 'SP-1',
    })
    .returning({ id: equipamentoProrrogacoes.id });
  return {
    '/api/equipamentos/{id}': vaso!.id,
    '/api/equipamentos/{id}/prorrogacoes/{prorrogacaoId}': prorrogacao!.id,
  };
}

/** An address on the suppression list (decision 036), as a hard bounce leaves it; its id. */
export async function supressaoDeTeste(t: TestServer, email = 'devolvido@acme.com.br'): Promise<string> {
  const db = t.server.database.db;
  await suprimir(db, { email, motivo: 'bounce_permanente', detalhe: 'smtp; 550 5.1.1', origem: 'ses' });
  const [row] = await db
    .select({ id: emailSupressoes.id })
    .from(emailSupressoes)
    .where(sql`lower(${emailSupressoes.email}) = ${email}`);
  return row!.id;
}

/** An in-app notice of the person (issue 19, decision 032), written as an event writes it; its id. */
export async function avisoDeTeste(t: TestServer, usuarioId: string): Promise<string> {
  const db = t.server.database.db;
  await avisar(
    db,
    { usuarios: [usuarioId] },
    {
      tipo: 'laudo_novo',
      titulo: 'Novo laudo',
      texto: 'Aviso de teste',
      link: '/dashboard',
    },
  );
  const [aviso] = await db
    .select({ id: avisos.id })
    .from(avisos)
    .where(sql`${avisos.usuarioId} = ${usuarioId}`)
    .orderBy(sql`${avisos.criadoEm} desc`)
    .limit(1);
  return aviso!.id;
}

/**
 * A renewal request of the company (issue 19, decision 029) at stage 'solicitado', straight in the
 * database as a reminder's "Solicitar renovação" link leaves it, with its laudo.
 */
export async function pedidoDeRenovacao(
  t: TestServer,
  empresaId: string | null,
  dados: {
    tipo?: string;
    dataVencimento?: string;
    nome?: string;
    emailCliente?: string;
    criadoEm?: Date;
  } = {},
) {
  const db = t.server.database.db;
  const dataVencimento = dados.dataVencimento ?? '2027-03-01';
  const [laudo] = await db
    .insert(laudos)
    .values({
      nome: dados.nome ?? 'Vaso a renovar',
      codigo: `REN-${Math.random().toString(36).slice(2, 8)}`,
      cliente: 'Empresa do pedido',
      tipo: dados.tipo ?? 'NR-13',
      emailCliente: dados.emailCliente ?? 'pedido@equipe.com.br',
      empresaId,
      dataVencimento,
    })
    .returning({ id: laudos.id });
  const [pedido] = await db
    .insert(respostasLembrete)
    .values({
      laudoId: laudo!.id,
      empresaId,
      dataVencimento,
      tipo: 'solicitacao',
      destinatario: dados.emailCliente ?? 'pedido@equipe.com.br',
      marco: 'vencendo:30',
      periodo: 'Próxima semana',
      ...(dados.criadoEm ? { createdAt: dados.criadoEm } : {}),
    })
    .returning({ id: respostasLembrete.id });
  return { id: pedido!.id, laudoId: laudo!.id, dataVencimento };
}

/**
 * The "Solicitar renovação" token of a reminder sent for a laudo of the company (issue 19): the
 * laudo and its milestone row straight in the database, the token signed as the e-mail signs it.
 * `renovado`: the laudo's due date has changed since, so the link is refused (410).
 */
export async function respostaDeTeste(
  t: TestServer,
  empresaId: string,
  { renovado = false }: { renovado?: boolean } = {},
): Promise<string> {
  const db = t.server.database.db;
  const dataVencimento = '2027-03-01';
  const [laudo] = await db
    .insert(laudos)
    .values({
      nome: 'Vaso lembrado',
      codigo: `LEM-${Math.random().toString(36).slice(2, 8)}`,
      cliente: 'Empresa do lembrete',
      tipo: 'NR-13',
      emailCliente: 'lembrado@equipe.com.br',
      empresaId,
      // A renewed laudo (a new due date) makes the reminder's link dead.
      dataVencimento: renovado ? '2028-03-01' : dataVencimento,
    })
    .returning({ id: laudos.id });
  const [marco] = await db
    .insert(notificationHistory)
    .values({
      laudoId: laudo!.id,
      templateType: 'vencimento_30',
      notificationType: 'vencendo',
      daysValue: 30,
      dataVencimento,
      destinatario: 'lembrado@equipe.com.br',
    })
    .returning({ id: notificationHistory.id });
  return assinarLink(t.config.authSecret, {
    tipo: 'solicitacao',
    marcoId: marco!.id,
    laudoId: laudo!.id,
    dataVencimento,
    destinatario: 'lembrado@equipe.com.br',
  });
}

export async function criarLaudo(t: TestServer, cookie: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/laudos',
    headers: json(cookie),
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`laudo não criado: ${res.statusCode} ${res.body}`);
  return res.json().laudo as { id: string; codigo: string; nome: string; cliente: string };
}

/** A laudo with its PDF and its spreadsheet, created and filled by `cookie`'s user. */
export async function criarLaudoComArquivos(t: TestServer, cookie: string, body: Record<string, unknown>) {
  const laudo = await criarLaudo(t, cookie, body);
  const up1 = await uploadArquivo(t, cookie, laudo.id, 'pdf', `${laudo.codigo}.pdf`, pdf(4000));
  const up2 = await uploadArquivo(t, cookie, laudo.id, 'excel', `${laudo.codigo}.xlsx`, await xlsx());
  if (up1.statusCode !== 200 || up2.statusCode !== 200)
    throw new Error(`arquivos não enviados: ${up1.body} ${up2.body}`);
  return laudo;
}

// ---------------------------------------------------------------------------------------------
// Database state
// ---------------------------------------------------------------------------------------------

/** Counters that change on every attempt by design, not data anyone saved. */
const VOLATILE_TABLES = new Set(['rate_limits']);
/** Bookkeeping a refused request may still write: an API key's last use (it did authenticate). */
const VOLATILE_COLUMNS: Record<string, string[]> = { api_keys: ['ultimo_uso_em'] };

const watched = new WeakSet<object>();

/** The counter of audit rows a refused sign-in writes (`changedTables` allows exactly one). */
const ENTRADA_RECUSADA = 'auditoria (entrada recusada)';

/**
 * Installs, once per database, a row trigger on every table of the product that counts the rows
 * it inserts, deletes or really changes (an UPDATE that leaves every non-volatile column equal is
 * not a change) in `teste_mudancas.contagem`, a schema the product never reads. A rolled-back
 * transaction rolls its counts back too, so only what was saved is counted.
 */
async function watchChanges(db: TestServer['server']['database']['db']) {
  if (watched.has(db)) return;
  const res = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const tables = res.rows.map((r) => r.table_name).filter((n) => !VOLATILE_TABLES.has(n));
  const statements = [
    'create schema if not exists teste_mudancas',
    'create table if not exists teste_mudancas.contagem (tabela text primary key, n bigint not null)',
    `create or replace function teste_mudancas.contar() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE'
    and to_jsonb(old) - coalesce(tg_argv, '{}'::text[]) = to_jsonb(new) - coalesce(tg_argv, '{}'::text[]) then
    return null;
  end if;
  insert into teste_mudancas.contagem (tabela, n)
    values (
      case when tg_table_name = 'auditoria' and tg_op = 'INSERT' and to_jsonb(new)->>'acao' = 'falhou_entrada'
        then '${ENTRADA_RECUSADA}' else tg_table_name end,
      1)
    on conflict (tabela) do update set n = teste_mudancas.contagem.n + 1;
  return null;
end $$`,
    ...tables.map((name) => {
      const args = (VOLATILE_COLUMNS[name] ?? []).map((c) => `'${c}'`).join(', ');
      return `create or replace trigger teste_mudancas after insert or update or delete on "${name}" for each row execute function teste_mudancas.contar(${args})`;
    }),
  ];
  for (const statement of statements) await db.execute(sql.raw(statement));
  watched.add(db);
}

/**
 * A fingerprint of every table of the product: how many rows of each were inserted, deleted or
 * changed since the server started watching (row triggers, see watchChanges). Equal fingerprints
 * mean nothing was saved in between. The abuse counters and volatile bookkeeping are left out.
 * One small read, so a fuzzer can take it after each of its thousands of requests.
 */
export async function dbFingerprint(t: TestServer): Promise<Record<string, string>> {
  const db = t.server.database.db;
  await watchChanges(db);
  const res = (await db.execute(
    sql`select tabela, n::text as n from teste_mudancas.contagem`,
  )) as unknown as {
    rows: { tabela: string; n: string }[];
  };
  return Object.fromEntries(res.rows.map((r) => [r.tabela, r.n]));
}

/**
 * The tables whose fingerprint differs. One exception, and only one row of it: a refused sign-in
 * writes its `falhou_entrada` audit entry (issue 22, decision 046) — the log must record the
 * attempts that fail. Two such rows, or any other audit row, still count as a change.
 */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => {
    if (before[k] === after[k]) return false;
    if (k === ENTRADA_RECUSADA) return Number(after[k] ?? 0) - Number(before[k] ?? 0) !== 1;
    return true;
  });
}

/** A spreadsheet import of the company (decision 047), straight in the database: one row, not previewed. */
export async function importacaoDeTeste(t: TestServer, empresaId: string | null): Promise<string> {
  const db = t.server.database.db;
  const [imp] = await db
    .insert(importacoes)
    .values({
      empresaId,
      nomeArquivo: 'laudos.csv',
      colunas: ['Código', 'Nome', 'Tipo'],
      total: 1,
      mapeamento: { codigo: 'Código', nome: 'Nome', tipo: 'Tipo' },
    })
    .returning({ id: importacoes.id });
  await db
    .insert(importacaoLinhas)
    .values({ importacaoId: imp!.id, ordem: 0, linha: 2, valores: ['IMP-T1', 'Caldeira', 'NR-13'] });
  return imp!.id;
}
