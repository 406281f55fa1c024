import {
  CANAIS_DE_MENSAGEM,
  type CanalDeMensagem,
  ROTULOS_DOS_TIPOS,
  TIPOS_DE_MENSAGEM,
  type TipoDeMensagem,
} from '@laudos/domain';
import type { Descadastro, PreferenciaItem, Preferencias } from '@laudos/domain/api';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preferenciasNotificacao, usuarios } from '../../db/schema.ts';
import { erro } from '../../http/errors.ts';
import { temRecurso } from '../planos/recursos.ts';
import { consentimentosAtivos } from '../whatsapp/consentimento.ts';
import { lerDescadastro } from './link.ts';

/**
 * Who wants a kind of message (decision 035). No row is "on"; a kind the firm made obligatory
 * (`settings.notifications.tiposObrigatorios`) goes to everyone, whatever they chose.
 */

type Origem = 'app' | 'descadastro' | 'admin';

/**
 * Of these people, those who receive `tipo` on `canal`: everyone but those who turned it off,
 * unless the firm made the kind obligatory. The one question the senders ask (the reminders, the
 * digest and the monthly report here; the WhatsApp channel too).
 */
export async function quemQuerReceber(
  db: DbOrTx,
  obrigatorios: readonly TipoDeMensagem[],
  usuarioIds: readonly (string | null | undefined)[],
  tipo: TipoDeMensagem,
  canal: CanalDeMensagem,
): Promise<Set<string>> {
  const ids = [...new Set(usuarioIds.filter((id): id is string => Boolean(id)))];
  if (obrigatorios.includes(tipo)) return new Set(ids);
  const desligados = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ usuarioId: preferenciasNotificacao.usuarioId })
      .from(preferenciasNotificacao)
      .where(
        and(
          inArray(preferenciasNotificacao.usuarioId, ids.slice(i, i + 1000)),
          eq(preferenciasNotificacao.tipo, tipo),
          eq(preferenciasNotificacao.canal, canal),
          eq(preferenciasNotificacao.ativo, false),
        ),
      );
    for (const r of rows) desligados.add(r.usuarioId);
  }
  return new Set(ids.filter((id) => !desligados.has(id)));
}

async function gravar(
  db: DbOrTx,
  usuarioId: string,
  itens: readonly PreferenciaItem[],
  origem: Origem,
): Promise<void> {
  if (itens.length === 0) return;
  await db
    .insert(preferenciasNotificacao)
    .values(itens.map((i) => ({ usuarioId, tipo: i.tipo, canal: i.canal, ativo: i.ativo, origem })))
    .onConflictDoUpdate({
      target: [
        preferenciasNotificacao.usuarioId,
        preferenciasNotificacao.tipo,
        preferenciasNotificacao.canal,
      ],
      set: { ativo: sql`excluded.ativo`, origem: sql`excluded.origem`, atualizadoEm: sql`now()` },
    });
}

/** The grid of the preferences page: every kind on every channel, as the person left it. */
export async function preferenciasDe(
  db: DbOrTx,
  user: Pick<SessionUser, 'id' | 'tipo' | 'planoId'>,
  obrigatorios: readonly TipoDeMensagem[],
): Promise<Preferencias> {
  const rows = await db
    .select({
      tipo: preferenciasNotificacao.tipo,
      canal: preferenciasNotificacao.canal,
      ativo: preferenciasNotificacao.ativo,
    })
    .from(preferenciasNotificacao)
    .where(eq(preferenciasNotificacao.usuarioId, user.id));
  const escolhas = new Map(rows.map((r) => [`${r.tipo}|${r.canal}`, r.ativo]));
  const itens = TIPOS_DE_MENSAGEM.flatMap((tipo) =>
    CANAIS_DE_MENSAGEM.map((canal) => ({ tipo, canal, ativo: escolhas.get(`${tipo}|${canal}`) ?? true })),
  );
  return {
    itens,
    obrigatorios: TIPOS_DE_MENSAGEM.filter((t) => obrigatorios.includes(t)),
    whatsapp: {
      noPlano: await temRecurso(db, user, 'whatsappAlerts'),
      // The WhatsApp opt-in (LGPD consent, decision 037): the person's latest grant not revoked.
      optIn: (await consentimentosAtivos(db, [user.id])).has(user.id),
    },
  };
}

/** The page's save: the cells sent change; an obligatory kind cannot be turned off. */
export async function salvarPreferencias(
  db: DbOrTx,
  user: Pick<SessionUser, 'id' | 'tipo' | 'planoId'>,
  itens: readonly PreferenciaItem[],
  obrigatorios: readonly TipoDeMensagem[],
): Promise<Preferencias> {
  const bloqueado = itens.find((i) => !i.ativo && obrigatorios.includes(i.tipo));
  if (bloqueado) throw erro('preferenciaObrigatoria', ROTULOS_DOS_TIPOS[bloqueado.tipo]);
  // The last word on a cell wins when the same one comes twice.
  const unicos = [...new Map(itens.map((i) => [`${i.tipo}|${i.canal}`, i])).values()];
  await gravar(db, user.id, unicos, 'app');
  return preferenciasDe(db, user, obrigatorios);
}

/** What an unsubscribe link names, and whether it is off already. A bad token is 404. */
export async function abrirDescadastro(
  db: DbOrTx,
  secret: string,
  token: string,
  obrigatorios: readonly TipoDeMensagem[],
): Promise<Descadastro> {
  const link = lerDescadastro(secret, token);
  if (!link) throw erro('linkDeDescadastroInvalido');
  const [pessoa] = await db
    .select({ email: usuarios.email, ativo: preferenciasNotificacao.ativo })
    .from(usuarios)
    .leftJoin(
      preferenciasNotificacao,
      and(
        eq(preferenciasNotificacao.usuarioId, usuarios.id),
        eq(preferenciasNotificacao.tipo, link.tipo),
        eq(preferenciasNotificacao.canal, 'email'),
      ),
    )
    .where(eq(usuarios.id, link.usuarioId))
    .limit(1);
  // The person was deleted since the e-mail: nothing to unsubscribe.
  if (!pessoa) throw erro('linkDeDescadastroInvalido');
  return {
    tipo: link.tipo,
    rotulo: ROTULOS_DOS_TIPOS[link.tipo],
    email: mascararEmail(pessoa.email),
    descadastrado: pessoa.ativo === false,
    obrigatorio: obrigatorios.includes(link.tipo),
  };
}

/**
 * The one-click unsubscribe (RFC 8058): turns the kind off for e-mail. Idempotent: a second POST
 * (a mail provider retrying, the person clicking again) finds it off and changes nothing more.
 */
export async function descadastrar(
  db: DbOrTx,
  secret: string,
  token: string,
  obrigatorios: readonly TipoDeMensagem[],
): Promise<Descadastro> {
  const aberto = await abrirDescadastro(db, secret, token, obrigatorios);
  const link = lerDescadastro(secret, token)!;
  if (!aberto.descadastrado)
    await gravar(db, link.usuarioId, [{ tipo: link.tipo, canal: 'email', ativo: false }], 'descadastro');
  return { ...aberto, descadastrado: true };
}

/** "jo***@empresa.com.br": the page shows whose link it is without showing the whole address. */
function mascararEmail(email: string): string {
  const [nome = '', dominio = ''] = email.split('@');
  return `${nome.slice(0, 2)}***@${dominio}`;
}
