import { daysBetween, formatDateBR } from '@laudos/domain';
import type { ResponderLembrete, RespostaAberta, RespostaRegistrada, TipoResposta } from '@laudos/domain/api';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Ator, atorDoUsuario, type Origem, registrarAuditoria } from '../../auditoria/registrar.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { empresas, laudos, notificationHistory, respostasLembrete, usuarios } from '../../db/schema.ts';
import type { EmailService } from '../../email/delivery.ts';
import { erro } from '../../http/errors.ts';
import { hitRateLimit, limits } from '../../http/rate-limit.ts';
import type { SettingsStore } from '../../settings/store.ts';
import { lerLaudo } from '../laudos/service.ts';
import { type DependenciasDoWhatsapp, enfileirarConfirmacaoWhatsapp } from '../whatsapp/service.ts';
import { assinaturaConfere, lerToken } from './link.ts';

/**
 * Answers to a reminder (issue 19, decision 028): the public page of a signed link reads it
 * (`abrirResposta`) and records it (`responderLembrete`); a new renewal request tells the firm. The
 * reminders' planning asks `vencimentosRespondidos`; the laudo's page asks `respostasDoLaudo`.
 */

export interface DependenciasDaResposta {
  db: Db;
  email: Pick<EmailService, 'enqueue'>;
  settings: SettingsStore;
  /** AUTH_SECRET: the links' key is derived from it (link.ts). */
  secret: string;
  /** RATE_LIMIT_LINKS_PER_IP: opening and answering links, per IP per hour. */
  linksPorIp: number;
  publicUrl: string;
  /** Today in the firm's time zone, by the reminders' clock: the firm's e-mail counts the days left. */
  hoje: string;
  /** WhatsApp (decision 037): the person who answered gets a confirmation, if they receive it. */
  whatsapp?: DependenciasDoWhatsapp;
}

/**
 * The link's reminder, its laudo as it is now, and the laudo's company. Unknown, malformed or
 * tampered links are 404; a link whose due date is no longer the laudo's is 410 (a renewed
 * laudo's old links are dead).
 */
async function lerLinkValido(db: DbOrTx, secret: string, token: string) {
  const lido = lerToken(token);
  if (!lido) throw erro('linkDeRespostaInvalido');
  const [marco] = await db
    .select({
      id: notificationHistory.id,
      laudoId: notificationHistory.laudoId,
      dataVencimento: notificationHistory.dataVencimento,
      destinatario: notificationHistory.destinatario,
      usuarioId: notificationHistory.usuarioId,
      tipo: notificationHistory.notificationType,
      dias: notificationHistory.daysValue,
      laudoNome: laudos.nome,
      laudoCodigo: laudos.codigo,
      laudoCliente: laudos.cliente,
      vencimentoAtual: laudos.dataVencimento,
      empresaId: laudos.empresaId,
      empresaNome: empresas.nomeFantasia,
    })
    .from(notificationHistory)
    .innerJoin(laudos, eq(laudos.id, notificationHistory.laudoId))
    .leftJoin(empresas, eq(empresas.id, laudos.empresaId))
    .where(eq(notificationHistory.id, lido.marcoId))
    .limit(1);
  const assinado = marco && {
    tipo: lido.tipo,
    marcoId: marco.id,
    laudoId: marco.laudoId,
    dataVencimento: marco.dataVencimento,
    destinatario: marco.destinatario,
  };
  if (!marco || !assinado || !assinaturaConfere(secret, assinado, lido.assinatura))
    throw erro('linkDeRespostaInvalido');
  if (marco.vencimentoAtual !== marco.dataVencimento) throw erro('linkDeRespostaExpirado');
  return { tipo: lido.tipo, marco };
}

/** The recorded answer of a kind for a laudo's due date, as the pages show it. */
async function registradas(
  db: DbOrTx,
  laudoId: string,
  dataVencimento: string,
  tipo?: TipoResposta,
): Promise<RespostaRegistrada[]> {
  const rows = await db
    .select({
      tipo: respostasLembrete.tipo,
      em: respostasLembrete.createdAt,
      destinatario: respostasLembrete.destinatario,
      nome: usuarios.nome,
      periodo: respostasLembrete.periodo,
      observacao: respostasLembrete.observacao,
    })
    .from(respostasLembrete)
    .leftJoin(usuarios, eq(usuarios.id, respostasLembrete.usuarioId))
    .where(
      and(
        eq(respostasLembrete.laudoId, laudoId),
        eq(respostasLembrete.dataVencimento, dataVencimento),
        tipo ? eq(respostasLembrete.tipo, tipo) : undefined,
      ),
    )
    .orderBy(respostasLembrete.createdAt);
  return rows.map((r) => ({
    tipo: r.tipo as TipoResposta,
    em: r.em.toISOString(),
    por: r.nome ?? r.destinatario,
    periodo: r.periodo,
    observacao: r.observacao,
  }));
}

/** GET /api/respostas/:token (public): what the answer page shows, and the answer if already given. */
export async function abrirResposta(
  deps: Pick<DependenciasDaResposta, 'db' | 'secret' | 'linksPorIp'>,
  token: string,
  ip: string,
): Promise<RespostaAberta> {
  await hitRateLimit(deps.db, limits.resetPerIp(ip, deps.linksPorIp));
  const { tipo, marco } = await lerLinkValido(deps.db, deps.secret, token);
  const [registrada] = await registradas(deps.db, marco.laudoId, marco.dataVencimento, tipo);
  return {
    tipo,
    laudo: { nome: marco.laudoNome, codigo: marco.laudoCodigo, dataVencimento: marco.dataVencimento },
    destinatario: marco.destinatario,
    registrada: registrada ?? null,
  };
}

/**
 * POST /api/respostas/:token (public): records the answer once per laudo, due date and kind; a
 * repeated click (or a colleague's click on the same reminder) finds the first one and changes
 * nothing. A new renewal request e-mails the firm (its contact address, settings) in the same
 * transaction; a new answer is confirmed by WhatsApp to the person who gave it, in it too.
 */
export async function responderLembrete(
  deps: DependenciasDaResposta,
  token: string,
  input: ResponderLembrete,
  ip: string,
  origem: Origem,
): Promise<{ nova: boolean; registrada: RespostaRegistrada }> {
  const { db } = deps;
  await hitRateLimit(db, limits.resetPerIp(ip, deps.linksPorIp));
  return db.transaction(async (tx) => {
    const { tipo, marco } = await lerLinkValido(tx, deps.secret, token);
    const solicitacao = tipo === 'solicitacao';
    const [conta] = await tx
      .select({
        id: usuarios.id,
        nome: usuarios.nome,
        tipo: usuarios.tipo,
        papel: usuarios.papel,
        empresaId: usuarios.empresaId,
      })
      .from(usuarios)
      .where(
        marco.usuarioId
          ? eq(usuarios.id, marco.usuarioId)
          : eq(sql`lower(${usuarios.email})`, marco.destinatario),
      )
      .limit(1);
    const [nova] = await tx
      .insert(respostasLembrete)
      .values({
        laudoId: marco.laudoId,
        empresaId: marco.empresaId,
        dataVencimento: marco.dataVencimento,
        tipo,
        destinatario: marco.destinatario,
        usuarioId: conta?.id ?? null,
        notificationHistoryId: marco.id,
        marco: `${marco.tipo}:${marco.dias}`,
        periodo: solicitacao ? input.periodo || null : null,
        contato: solicitacao ? input.contato || null : null,
        observacao: solicitacao ? input.observacao || null : null,
        estagio: solicitacao ? 'solicitado' : null,
      })
      .onConflictDoNothing()
      .returning({
        id: respostasLembrete.id,
        tipo: respostasLembrete.tipo,
        dataVencimento: respostasLembrete.dataVencimento,
        estagio: respostasLembrete.estagio,
        periodo: respostasLembrete.periodo,
        contato: respostasLembrete.contato,
        observacao: respostasLembrete.observacao,
      });
    // The person who clicked: their account when the address has one, else the address itself. A
    // repeated click changed nothing and is no entry.
    if (nova) {
      const ator: Ator = conta
        ? atorDoUsuario({ ...conta, origem })
        : { tipo: 'usuario', id: null, nome: marco.destinatario, papel: null, origem };
      await registrarAuditoria(tx, ator, {
        entidade: solicitacao ? 'renovacao' : 'resposta',
        entidadeId: nova.id,
        acao: 'criou',
        empresaId: marco.empresaId,
        depois: nova,
        detalhes: { laudoId: marco.laudoId, laudoCodigo: marco.laudoCodigo },
      });
    }
    if (nova && solicitacao) {
      const solicitante = conta?.nome ?? marco.destinatario;
      await deps.email.enqueue(tx, {
        type: 'renovacao_solicitada',
        to: deps.settings.get().contact.email,
        laudoId: marco.laudoId,
        variables: {
          laudo_nome: marco.laudoNome,
          laudo_codigo: marco.laudoCodigo,
          laudo_vencimento: formatDateBR(marco.dataVencimento),
          laudo_url: `${deps.publicUrl}/laudos/${marco.laudoId}`,
          cliente_empresa: marco.empresaNome ?? marco.laudoCliente,
          dias_para_vencer: daysBetween(deps.hoje, marco.dataVencimento),
          solicitante:
            solicitante === marco.destinatario ? solicitante : `${solicitante} (${marco.destinatario})`,
          periodo: input.periodo ?? '',
          contato: input.contato ?? '',
          observacao: input.observacao ?? '',
        },
        metadata: { resposta: nova.id },
      });
    }
    if (nova && conta && deps.whatsapp)
      await enfileirarConfirmacaoWhatsapp(deps.whatsapp, tx, {
        id: nova.id,
        tipo,
        usuarioId: conta.id,
        nome: marco.destinatario,
        laudo: { id: marco.laudoId, nome: marco.laudoNome, codigo: marco.laudoCodigo },
        dataVencimento: marco.dataVencimento,
      });
    const [registrada] = await registradas(tx, marco.laudoId, marco.dataVencimento, tipo);
    return { nova: Boolean(nova), registrada: registrada! };
  });
}

/** GET /api/laudos/:id/respostas: the answers for the laudo's current due date (the user's scope). */
export async function respostasDoLaudo(
  db: DbOrTx,
  user: SessionUser,
  laudoId: string,
): Promise<{ respostas: RespostaRegistrada[] }> {
  const laudo = await lerLaudo(db, user, laudoId);
  if (!laudo.dataVencimento) return { respostas: [] };
  return { respostas: await registradas(db, laudo.id, laudo.dataVencimento) };
}

/** Of these laudo/due-date pairs, the keys (`id|data`) of those answered (request or "ciente"). */
export async function vencimentosRespondidos(
  db: DbOrTx,
  pares: ReadonlyArray<{ laudoId: string; dataVencimento: string }>,
): Promise<Set<string>> {
  const respondidos = new Set<string>();
  const ids = [...new Set(pares.map((p) => p.laudoId))];
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .selectDistinct({
        laudoId: respostasLembrete.laudoId,
        dataVencimento: respostasLembrete.dataVencimento,
      })
      .from(respostasLembrete)
      .where(inArray(respostasLembrete.laudoId, ids.slice(i, i + 1000)));
    for (const r of rows) respondidos.add(`${r.laudoId}|${r.dataVencimento}`);
  }
  return respondidos;
}
