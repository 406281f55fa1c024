import { createHash, randomBytes } from 'node:crypto';
import { addDaysIso, formatDateBR } from '@laudos/domain';
import { ALARMES_DO_CALENDARIO_DIAS, CALENDARIO_DIAS_PASSADOS } from '@laudos/domain/api';
import { and, asc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import type { DbOrTx } from '../../db/client.ts';
import { authUser, calendarioFeeds, empresas, laudos, usuarios } from '../../db/schema.ts';
import { erro } from '../../http/errors.ts';
import { hitRateLimit } from '../../http/rate-limit.ts';
import { escopoDoUsuario } from '../laudos/service.ts';

/** 32 random bytes in base64url (43 characters), then `.ics`: the last segment of the feed's URL. */
const ARQUIVO_DO_FEED = /^([A-Za-z0-9_-]{43})\.ics$/;
/** At most this many events in one feed (an admin's whole portfolio stays a sane download). */
const MAX_EVENTOS = 5000;
/** Calendar apps poll every few hours; a token fetched more than this per hour is refused (429). */
const MAX_LEITURAS_POR_HORA = 60;

const DIA_EM_SEGUNDOS = 86_400;

function hashDoToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Where the feed of a token is read (no session: the token is the credential). */
export function urlDoFeed(publicUrl: string, token: string): string {
  return `${publicUrl}/api/calendario/${token}.ics`;
}

/** Whether the person has a feed, and since when (the link itself is never shown again). */
export async function estadoDoCalendario(db: DbOrTx, usuarioId: string) {
  const [feed] = await db
    .select({ criadoEm: calendarioFeeds.criadoEm })
    .from(calendarioFeeds)
    .where(eq(calendarioFeeds.usuarioId, usuarioId))
    .limit(1);
  return { ativo: Boolean(feed), criadoEm: feed?.criadoEm ?? null };
}

/**
 * Creates the person's feed, or replaces it ("Gerar novo link"): the old link stops working at
 * once. The answer carries the URL, the one time it is ever seen; only its hash is stored.
 */
export async function criarCalendario(db: DbOrTx, usuarioId: string, publicUrl: string) {
  const token = randomBytes(32).toString('base64url');
  const hash = hashDoToken(token);
  const [feed] = await db
    .insert(calendarioFeeds)
    .values({ usuarioId, hash })
    .onConflictDoUpdate({ target: calendarioFeeds.usuarioId, set: { hash, criadoEm: sql`now()` } })
    .returning({ criadoEm: calendarioFeeds.criadoEm });
  return { url: urlDoFeed(publicUrl, token), criadoEm: feed!.criadoEm };
}

/** Revokes the person's feed: its link answers 404 from now on. Revoking twice is harmless. */
export async function revogarCalendario(db: DbOrTx, usuarioId: string): Promise<void> {
  await db.delete(calendarioFeeds).where(eq(calendarioFeeds.usuarioId, usuarioId));
}

interface OpcoesDoFeed {
  publicUrl: string;
  /** Today in the firm's time zone: the window starts CALENDARIO_DIAS_PASSADOS before it. */
  hoje: string;
}

/**
 * The feed of a token (`<token>.ics`), as iCalendar text: one all-day event per due date of the
 * laudos the person sees (`escopoDoUsuario`, the current version: the `laudos` row), from a year
 * ago onward. 404 alike for a malformed, unknown or revoked token, or a person or company that was
 * deactivated (no hint which).
 */
export async function feedDoCalendario(db: DbOrTx, arquivo: string, opcoes: OpcoesDoFeed): Promise<string> {
  const token = ARQUIVO_DO_FEED.exec(arquivo)?.[1];
  if (!token) throw erro('calendarioNaoEncontrado');
  const [pessoa] = await db
    .select({
      id: usuarios.id,
      tipo: usuarios.tipo,
      email: usuarios.email,
      empresaId: usuarios.empresaId,
      emailVerificado: authUser.emailVerified,
      ativo: usuarios.ativo,
      empresaAtiva: sql<boolean>`coalesce(${empresas.ativo}, true)`,
    })
    .from(calendarioFeeds)
    .innerJoin(usuarios, eq(usuarios.id, calendarioFeeds.usuarioId))
    .innerJoin(authUser, eq(authUser.id, usuarios.id))
    .leftJoin(empresas, eq(empresas.id, usuarios.empresaId))
    .where(eq(calendarioFeeds.hash, hashDoToken(token)))
    .limit(1);
  if (!pessoa?.ativo || !pessoa.empresaAtiva) throw erro('calendarioNaoEncontrado');
  // Counted per person, only for a real feed: a stranger's guesses leave no rows behind.
  await hitRateLimit(db, {
    key: `calendario:${pessoa.id}`,
    max: MAX_LEITURAS_POR_HORA,
    windowSeconds: 3600,
  });

  const desde = addDaysIso(opcoes.hoje, -CALENDARIO_DIAS_PASSADOS);
  const linhas = await db
    .select({
      id: laudos.id,
      nome: laudos.nome,
      codigo: laudos.codigo,
      tipo: laudos.tipo,
      cliente: laudos.cliente,
      dataVencimento: laudos.dataVencimento,
      atualizadoEm: laudos.atualizadoEm,
    })
    .from(laudos)
    .where(and(escopoDoUsuario(pessoa), isNotNull(laudos.dataVencimento), gte(laudos.dataVencimento, desde)))
    .orderBy(asc(laudos.dataVencimento), asc(laudos.codigo))
    .limit(MAX_EVENTOS);

  const calendario = ical({
    name: 'Vencimentos de laudos',
    description: 'Vencimentos dos laudos que você acompanha no sistema.',
    prodId: { company: 'Laudos', product: 'calendario', language: 'PT-BR' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 6 * 3600,
  });
  for (const laudo of linhas) {
    const dia = laudo.dataVencimento!;
    const link = `${opcoes.publicUrl}/laudos/${laudo.id}`;
    const resumo = `Vence: ${laudo.nome} (${laudo.codigo})`;
    const evento = calendario.createEvent({
      // The laudo and its due date: a renewal (a new date) replaces the event instead of keeping it.
      id: `laudo-${laudo.id}-${dia}@laudos`,
      // A DATE value (the firm's calendar day), never a midnight timestamp: read as UTC midnight so
      // the generator writes the same day back.
      start: `${dia}T00:00:00Z`,
      end: `${addDaysIso(dia, 1)}T00:00:00Z`,
      allDay: true,
      stamp: laudo.atualizadoEm,
      summary: resumo,
      description: `Tipo: ${laudo.tipo}\nEmpresa: ${laudo.cliente}\nVencimento: ${formatDateBR(dia)}\n${link}`,
      url: link,
    });
    for (const dias of ALARMES_DO_CALENDARIO_DIAS) {
      evento.createAlarm({
        type: ICalAlarmType.display,
        trigger: dias * DIA_EM_SEGUNDOS,
        description: `${resumo}: vence em ${dias === 1 ? '1 dia' : `${dias} dias`}`,
      });
    }
  }
  return calendario.toString();
}
