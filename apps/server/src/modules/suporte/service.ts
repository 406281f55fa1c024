import type { Readable } from 'node:stream';
import type { AppSettings } from '@laudos/domain';
import type { StatusDeChamado } from '@laudos/domain/api';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { chamadoMensagens, chamados, empresas, laudos, planos, usuarios } from '../../db/schema.ts';
import type { EmailService } from '../../email/delivery.ts';
import { erro } from '../../http/errors.ts';
import { lerCabeca } from '../../storage/cabeca.ts';
import { contentDisposition, safeDownloadName } from '../../storage/file-types.ts';
import {
  discard,
  FileNotFoundError,
  type FileStorage,
  FileTooLargeError,
  newSuporteAnexoKey,
  promote,
  stagingKey,
} from '../../storage/storage.ts';
import { avisoDeMensagemAoSuporte, avisoDeRespostaDoSuporte } from '../avisos/mensagens.ts';
import { avisar } from '../avisos/service.ts';
import { formatoPelosBytes } from '../blog/capa.ts';
import { lerLaudo } from '../laudos/service.ts';

/*
 * The support area (issue 18, decision 027): a company's requests to the firm and their threads.
 * A client reaches only their own company's requests (`empresaId` in every query: 404 otherwise);
 * the firm (admins) reaches all of them. Priority is the company's plan in force, read with the row.
 */

/** What these functions need from the app. */
export interface Suporte {
  db: Db;
  email: EmailService;
  storage: FileStorage;
  settings: AppSettings;
  publicUrl: string;
}

/** Who acts: a client of a company (their company's requests only) or the firm (every request). */
export type Quem =
  | { empresaId: string; id: string; nome: string }
  | { empresaId: null; id: string; nome: string };

/** A client acting on their company's requests (404 SEM_EMPRESA without one). */
export function clienteDoSuporte(user: SessionUser): Quem {
  if (user.tipo !== 'cliente' || !user.empresaId) throw erro('semEmpresa');
  return { empresaId: user.empresaId, id: user.id, nome: user.nome };
}

/** The firm (an admin). */
export function firmaDoSuporte(user: SessionUser): Quem {
  return { empresaId: null, id: user.id, nome: user.nome };
}

const prioritario = sql<boolean>`coalesce(${planos.prioritySupport}, false)`;

const resumoColumns = {
  id: chamados.id,
  assunto: chamados.assunto,
  status: sql<StatusDeChamado>`${chamados.status}`,
  prioritario,
  empresa: empresas.nomeFantasia,
  autor: usuarios.nome,
  laudoId: laudos.id,
  laudoNome: laudos.nome,
  laudoCodigo: laudos.codigo,
  criadoEm: chamados.criadoEm,
  atualizadoEm: chamados.atualizadoEm,
};

function consulta(db: DbOrTx) {
  return db
    .select(resumoColumns)
    .from(chamados)
    .innerJoin(empresas, eq(empresas.id, chamados.empresaId))
    .leftJoin(planos, eq(planos.id, empresas.planoId))
    .leftJoin(usuarios, eq(usuarios.id, chamados.autorId))
    .leftJoin(laudos, eq(laudos.id, chamados.laudoId));
}

type LinhaDoResumo = Awaited<ReturnType<ReturnType<typeof consulta>['execute']>>[number];

function resumo({ laudoId, laudoNome, laudoCodigo, ...r }: LinhaDoResumo) {
  return {
    ...r,
    prioritario: Boolean(r.prioritario),
    laudo: laudoId ? { id: laudoId, nome: laudoNome ?? '', codigo: laudoCodigo ?? '' } : null,
  };
}

/** The request `id` as `quem` may see it (404 for a client when it is another company's). */
function doChamado(quem: Quem, id: string): SQL {
  return quem.empresaId
    ? and(eq(chamados.id, id), eq(chamados.empresaId, quem.empresaId))!
    : eq(chamados.id, id);
}

async function lerChamado(db: DbOrTx, quem: Quem, id: string) {
  const [row] = await consulta(db).where(doChamado(quem, id)).limit(1);
  if (!row) throw erro('chamadoNaoEncontrado');
  return resumo(row);
}

/** GET /api/suporte/chamados: the company's requests (the whole team's), newest activity first. */
export async function listarChamadosDaEmpresa(db: DbOrTx, quem: Quem) {
  if (!quem.empresaId) return { chamados: [] };
  const rows = await consulta(db)
    .where(eq(chamados.empresaId, quem.empresaId))
    .orderBy(desc(chamados.atualizadoEm), desc(chamados.id));
  return { chamados: rows.map(resumo) };
}

/**
 * GET /api/admin/suporte/chamados: the firm's inbox — companies whose plan includes priority
 * support first, then the oldest request first (the one waiting longest).
 */
export async function listarCaixaDeEntrada(db: DbOrTx, status: StatusDeChamado | 'todos') {
  const rows = await consulta(db)
    .where(status === 'todos' ? undefined : eq(chamados.status, status))
    .orderBy(desc(prioritario), asc(chamados.criadoEm), asc(chamados.id))
    .limit(500);
  return { chamados: rows.map(resumo) };
}

/** GET …/chamados/:id: the request and its messages, oldest first. */
export async function lerConversa(db: DbOrTx, quem: Quem, id: string) {
  const chamado = await lerChamado(db, quem, id);
  const rows = await db
    .select({
      id: chamadoMensagens.id,
      daFirma: chamadoMensagens.daFirma,
      autor: usuarios.nome,
      corpo: chamadoMensagens.corpo,
      anexoNome: chamadoMensagens.anexoNome,
      anexoBytes: chamadoMensagens.anexoBytes,
      criadoEm: chamadoMensagens.criadoEm,
    })
    .from(chamadoMensagens)
    .leftJoin(usuarios, eq(usuarios.id, chamadoMensagens.autorId))
    .where(eq(chamadoMensagens.chamadoId, id))
    .orderBy(asc(chamadoMensagens.criadoEm), asc(chamadoMensagens.id));
  return {
    chamado,
    mensagens: rows.map(({ anexoNome, anexoBytes, ...m }) => ({
      ...m,
      anexo: anexoNome ? { nome: anexoNome, bytes: anexoBytes ?? 0 } : null,
    })),
  };
}

/** The firm's address for support e-mails: the contact e-mail of the settings (decision 027). */
function enderecoDaFirma(settings: AppSettings): string {
  return settings.contact.email;
}

async function avisarFirma(
  deps: Suporte,
  tx: DbOrTx,
  quem: Quem,
  chamadoId: string,
  mensagem: string,
  novo: boolean,
) {
  const chamado = await lerChamado(tx, quem, chamadoId);
  await avisar(tx, { admins: true }, avisoDeMensagemAoSuporte(chamado, novo));
  await deps.email.enqueue(tx, {
    type: 'suporte_para_firma',
    to: enderecoDaFirma(deps.settings),
    toName: deps.settings.branding.companyName,
    userId: null,
    metadata: { chamadoId },
    variables: {
      cliente_empresa: chamado.empresa,
      cliente_nome: quem.nome,
      chamado_assunto: chamado.assunto,
      chamado_mensagem: mensagem,
      chamado_novo: novo,
      chamado_prioritario: chamado.prioritario,
      chamado_laudo: chamado.laudo ? `${chamado.laudo.nome} (${chamado.laudo.codigo})` : '',
      chamado_url: `${deps.publicUrl}/admin/suporte/${chamadoId}`,
    },
  });
}

/**
 * POST /api/suporte/chamados: a client opens a request. The laudo, when given, must be one they see
 * (`lerLaudo` applies `escopoDoUsuario`: 404 otherwise). The firm is e-mailed in the same transaction.
 */
export async function abrirChamado(
  deps: Suporte,
  user: SessionUser,
  entrada: { assunto: string; mensagem: string; laudoId?: string | null | undefined },
) {
  const quem = clienteDoSuporte(user);
  if (entrada.laudoId) await lerLaudo(deps.db, user, entrada.laudoId);
  const { id, mensagemId } = await deps.db.transaction(async (tx) => {
    const [chamado] = await tx
      .insert(chamados)
      .values({
        empresaId: quem.empresaId!,
        autorId: quem.id,
        laudoId: entrada.laudoId ?? null,
        assunto: entrada.assunto,
      })
      .returning({ id: chamados.id });
    const [msg] = await tx
      .insert(chamadoMensagens)
      .values({ chamadoId: chamado!.id, autorId: quem.id, daFirma: false, corpo: entrada.mensagem })
      .returning({ id: chamadoMensagens.id });
    await avisarFirma(deps, tx, quem, chamado!.id, entrada.mensagem, true);
    return { id: chamado!.id, mensagemId: msg!.id };
  });
  return { chamado: await lerChamado(deps.db, quem, id), mensagemId };
}

/**
 * POST …/chamados/:id/mensagens: a reply. A client's reply waits for the firm (`aberto`) and is
 * e-mailed to the firm; the firm's (`respondido`) is e-mailed to the request's author. A closed
 * request takes no reply until reopened.
 */
export async function responderChamado(deps: Suporte, quem: Quem, id: string, mensagem: string) {
  const daFirma = quem.empresaId === null;
  return deps.db.transaction(async (tx) => {
    const [chamado] = await tx
      .select({ status: chamados.status, autorId: chamados.autorId, assunto: chamados.assunto })
      .from(chamados)
      .where(doChamado(quem, id))
      .for('update')
      .limit(1);
    if (!chamado) throw erro('chamadoNaoEncontrado');
    if (chamado.status === 'fechado') throw erro('chamadoFechado');
    const [msg] = await tx
      .insert(chamadoMensagens)
      .values({ chamadoId: id, autorId: quem.id, daFirma, corpo: mensagem })
      .returning({ id: chamadoMensagens.id });
    await tx
      .update(chamados)
      .set({ status: daFirma ? 'respondido' : 'aberto', atualizadoEm: new Date() })
      .where(eq(chamados.id, id));
    if (!daFirma) await avisarFirma(deps, tx, quem, id, mensagem, false);
    else if (chamado.autorId) {
      await avisar(
        tx,
        { usuarios: [chamado.autorId] },
        avisoDeRespostaDoSuporte({ id, assunto: chamado.assunto }),
      );
      const [autor] = await tx
        .select({ nome: usuarios.nome, email: usuarios.email, ativo: usuarios.ativo })
        .from(usuarios)
        .where(eq(usuarios.id, chamado.autorId))
        .limit(1);
      if (autor?.ativo)
        await deps.email.enqueue(tx, {
          type: 'suporte_resposta',
          to: autor.email,
          toName: autor.nome,
          userId: chamado.autorId,
          metadata: { chamadoId: id },
          variables: {
            usuario_nome: autor.nome,
            chamado_assunto: chamado.assunto,
            chamado_mensagem: mensagem,
            chamado_url: `${deps.publicUrl}/suporte/${id}`,
          },
        });
    }
    return { mensagemId: msg!.id };
  });
}

/**
 * POST …/chamados/:id/fechar and …/reabrir. Reopening puts the request back where its thread is:
 * waiting for the firm, or answered when the firm spoke last.
 */
export async function mudarSituacao(db: Db, quem: Quem, id: string, acao: 'fechar' | 'reabrir') {
  await lerChamado(db, quem, id);
  const [ultima] = await db
    .select({ daFirma: chamadoMensagens.daFirma })
    .from(chamadoMensagens)
    .where(eq(chamadoMensagens.chamadoId, id))
    .orderBy(desc(chamadoMensagens.criadoEm), desc(chamadoMensagens.id))
    .limit(1);
  const status: StatusDeChamado = acao === 'fechar' ? 'fechado' : ultima?.daFirma ? 'respondido' : 'aberto';
  await db.update(chamados).set({ status, atualizadoEm: new Date() }).where(eq(chamados.id, id));
  return lerChamado(db, quem, id);
}

/** The uploaded part of a multipart request (@fastify/multipart's file). */
export interface AnexoRecebido {
  fieldname: string;
  filename?: string | undefined;
  file: Readable;
}

const extensaoDoPdf = (head: Buffer) => (head.subarray(0, 5).toString('latin1') === '%PDF-' ? 'pdf' : null);

/**
 * POST …/chamados/:id/mensagens/:mensagemId/anexo: the file of a message, sent by its author, once.
 * Checked like the laudo files: by content (PDF, PNG, JPEG or WebP: never the name), within the
 * settings' size limit, streamed to the storage.
 */
export async function anexarArquivo(
  deps: Suporte,
  quem: Quem,
  { id, mensagemId }: { id: string; mensagemId: string },
  receber: (maxBytes: number) => Promise<AnexoRecebido | undefined>,
) {
  await lerChamado(deps.db, quem, id);
  const [msg] = await deps.db
    .select({ autorId: chamadoMensagens.autorId, anexo: chamadoMensagens.anexo })
    .from(chamadoMensagens)
    .where(and(eq(chamadoMensagens.id, mensagemId), eq(chamadoMensagens.chamadoId, id)))
    .limit(1);
  if (!msg) throw erro('mensagemNaoEncontrada');
  if (msg.autorId !== quem.id) throw erro('anexoDeOutraPessoa');
  if (msg.anexo) throw erro('anexoJaEnviado');
  if (!deps.settings.features.fileUpload) throw erro('envioDesativado');
  const limiteMb = deps.settings.limits.maxFileSizeMb;
  const maxBytes = limiteMb * 1024 * 1024;
  const part = await receber(maxBytes);
  if (part?.fieldname !== 'arquivo') {
    part?.file.resume();
    throw erro('arquivoAusente');
  }
  const { cabeca: head, corpo } = await lerCabeca(part.file, 12);
  const ext = extensaoDoPdf(head) ?? formatoPelosBytes(head);
  if (!ext) {
    part.file.resume();
    throw erro('anexoInvalido');
  }
  const key = newSuporteAnexoKey(id, ext);
  let bytes: number;
  try {
    // Staged until the row names it (decision 038): a crash in between leaves nothing it points to.
    ({ bytes } = await deps.storage.save(stagingKey(key), corpo(), { maxBytes }));
  } catch (err) {
    part.file.resume();
    if (err instanceof FileTooLargeError) throw erro('arquivoGrandeDemais', limiteMb);
    throw err;
  }
  const nome = safeDownloadName(part.filename ?? '', ext === 'jpeg' ? 'jpg' : ext);
  // Only a message still without a file takes it (two uploads at once: the second is refused).
  let gravada: { id: string } | undefined;
  try {
    gravada = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(chamadoMensagens)
        .set({ anexo: key, anexoNome: nome, anexoBytes: bytes })
        .where(and(eq(chamadoMensagens.id, mensagemId), sql`${chamadoMensagens.anexo} is null`))
        .returning({ id: chamadoMensagens.id });
      if (row) await promote(deps.storage, key);
      return row;
    });
  } catch (err) {
    await discard(deps.storage, key);
    throw err;
  }
  if (!gravada) {
    await discard(deps.storage, key);
    throw erro('anexoJaEnviado');
  }
  return lerConversa(deps.db, quem, id);
}

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** GET …/chamados/:id/mensagens/:mensagemId/anexo: the file, always as a download. */
export async function baixarAnexo(
  db: DbOrTx,
  storage: FileStorage,
  quem: Quem,
  { id, mensagemId }: { id: string; mensagemId: string },
) {
  await lerChamado(db, quem, id);
  const [msg] = await db
    .select({ anexo: chamadoMensagens.anexo, nome: chamadoMensagens.anexoNome })
    .from(chamadoMensagens)
    .where(and(eq(chamadoMensagens.id, mensagemId), eq(chamadoMensagens.chamadoId, id)))
    .limit(1);
  if (!msg?.anexo) throw erro('arquivoNaoEncontrado');
  try {
    const file = await storage.open(msg.anexo);
    const ext = msg.anexo.split('.').pop() ?? '';
    return {
      stream: file.stream,
      headers: {
        'content-type': MIME[ext] ?? 'application/octet-stream',
        'content-length': String(file.bytes),
        'content-disposition': contentDisposition('attachment', msg.nome ?? `anexo.${ext}`),
        'cache-control': 'private, no-store',
      },
    };
  } catch (err) {
    if (err instanceof FileNotFoundError) throw erro('arquivoNaoEncontrado');
    throw err;
  }
}
