import { daysBetween, formatDateBR, type TipoDeMensagem } from '@laudos/domain';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notificationHistory, notificationLogs } from '../../db/schema.ts';
import type { EmailService } from '../../email/delivery.ts';
import { avisoDeResumo } from '../avisos/mensagens.ts';
import { avisar } from '../avisos/service.ts';
import { linksDeDescadastro } from '../preferencias/link.ts';
import { urlDaResposta } from '../respostas/link.ts';
import type { Envio } from './planejamento.ts';

/**
 * The digest (issue 19, decision 031): a rule with `resumo` sends each recipient ONE e-mail per run
 * listing all its due laudos, grouped by urgency, each with its own answer links. Exactly once holds
 * as for a single reminder: every listed laudo's milestone row (notification_history) is inserted in
 * the transaction that enqueues the digest, and the digest lists only the rows that transaction won.
 * A crash before the commit undoes all of it (the next run sends the whole digest); after it, every
 * row exists and no later run, here or on another instance, finds anything left to list.
 */

/** 'venceu há 5 dias', 'vence hoje', 'vence amanhã', 'vence em 3 dias'. */
export function situacaoDoVencimento(dias: number): string {
  if (dias < -1) return `venceu há ${-dias} dias`;
  if (dias === -1) return 'venceu há 1 dia';
  if (dias === 0) return 'vence hoje';
  if (dias === 1) return 'vence amanhã';
  return `vence em ${dias} dias`;
}

type Grupo = 'laudos_vencidos' | 'laudos_7_dias' | 'laudos_30_dias' | 'laudos_depois';

function grupoDe(dias: number): Grupo {
  if (dias < 0) return 'laudos_vencidos';
  if (dias <= 7) return 'laudos_7_dias';
  if (dias <= 30) return 'laudos_30_dias';
  return 'laudos_depois';
}

/**
 * The digest's template variables: the count, the most urgent laudo's situation and the four lists
 * (most urgent first). `links` gives each laudo's signed answer links (none in a dry run).
 */
export function variaveisDoResumo(
  itens: ReadonlyArray<{ envio: Envio; links: { solicitar: string; ciente: string } }>,
  { hoje, publicUrl }: { hoje: string; publicUrl: string },
) {
  const grupos: Record<Grupo, unknown[]> = {
    laudos_vencidos: [],
    laudos_7_dias: [],
    laudos_30_dias: [],
    laudos_depois: [],
  };
  const ordenados = itens
    .map((i) => ({ ...i, dias: daysBetween(hoje, i.envio.laudo.dataVencimento) }))
    .sort((a, b) => a.dias - b.dias || a.envio.laudo.codigo.localeCompare(b.envio.laudo.codigo));
  for (const { envio, links, dias } of ordenados) {
    const l = envio.laudo;
    grupos[grupoDe(dias)].push({
      nome: l.nome,
      codigo: l.codigo,
      tipo: l.tipo,
      vencimento: formatDateBR(l.dataVencimento),
      dias: Math.abs(dias),
      situacao: situacaoDoVencimento(dias),
      url: `${publicUrl}/laudos/${l.id}`,
      link_solicitar: links.solicitar,
      link_ciente: links.ciente,
    });
  }
  const primeiro = ordenados[0];
  return {
    cliente_nome: primeiro?.envio.destinatario.nome ?? '',
    total_laudos: ordenados.length,
    mais_urgente: primeiro ? situacaoDoVencimento(primeiro.dias) : '',
    ...grupos,
  };
}

/**
 * One recipient's digest, in the caller's transaction: takes each laudo's milestone (the unique
 * key), and when it won at least one, enqueues one e-mail listing those. Returns how many laudos it
 * listed (0: another run had taken them all).
 */
export async function enfileirarResumo(
  tx: DbOrTx,
  deps: {
    email: Pick<EmailService, 'enqueue'>;
    publicUrl: string;
    secret: string;
    settings: { get(): { contact: { email: string } } };
  },
  envios: readonly Envio[],
  ctx: { asOf: string; hoje: string; now: Date },
): Promise<number> {
  const ganhos: Array<{ envio: Envio; marcoId: string }> = [];
  for (const e of envios) {
    const [marco] = await tx
      .insert(notificationHistory)
      .values({
        laudoId: e.laudo.id,
        usuarioId: e.destinatario.usuarioId,
        templateType: 'resumo_lembretes',
        notificationType: e.marco.tipo,
        daysValue: e.marco.dias,
        dataVencimento: e.laudo.dataVencimento,
        destinatario: e.destinatario.email,
        sentAt: ctx.now,
        success: false,
      })
      .onConflictDoNothing()
      .returning({ id: notificationHistory.id });
    if (marco) ganhos.push({ envio: e, marcoId: marco.id });
  }
  const primeiro = ganhos[0];
  if (!primeiro) return 0;
  const destinatario = primeiro.envio.destinatario;
  const nome = destinatario.nome ?? primeiro.envio.laudo.cliente;
  const empresas = new Set(ganhos.map((g) => g.envio.laudo.empresaId));
  const link = (g: (typeof ganhos)[number], tipo: 'solicitacao' | 'ciente') =>
    urlDaResposta(deps.publicUrl, deps.secret, {
      tipo,
      marcoId: g.marcoId,
      laudoId: g.envio.laudo.id,
      dataVencimento: g.envio.laudo.dataVencimento,
      destinatario: destinatario.email,
    });
  const result = await deps.email.enqueue(tx, {
    type: 'resumo_lembretes',
    to: destinatario.email,
    toName: nome,
    userId: destinatario.usuarioId,
    variables: variaveisDoResumo(
      ganhos.map((g) => ({
        envio: g.envio,
        links: { solicitar: link(g, 'solicitacao'), ciente: link(g, 'ciente') },
      })),
      { hoje: ctx.hoje, publicUrl: deps.publicUrl },
    ),
    metadata: {
      resumo: { laudos: ganhos.length },
      regras: [...new Set(ganhos.map((g) => g.envio.regra.name))],
    },
    // One company's laudos: its branding, as for a single reminder; a mixed digest is the firm's.
    empresaId: empresas.size === 1 ? (primeiro.envio.laudo.empresaId ?? null) : null,
    // A digest's link turns off the before-expiry reminders when it lists any, else the after-expiry
    // ones (decision 035): one List-Unsubscribe header names one kind.
    descadastro: destinatario.usuarioId
      ? linksDeDescadastro(
          { publicUrl: deps.publicUrl, secret: deps.secret, contato: deps.settings.get().contact.email },
          destinatario.usuarioId,
          tipoDoResumo(ganhos.map((g) => g.envio)),
        )
      : null,
  });
  await avisar(tx, { usuarios: [destinatario.usuarioId] }, avisoDeResumo(ganhos.length));
  await tx
    .update(notificationHistory)
    .set({ emailLogId: result.logId ?? null, errorMessage: result.success ? null : (result.error ?? null) })
    .where(
      inArray(
        notificationHistory.id,
        ganhos.map((g) => g.marcoId),
      ),
    );
  await tx.insert(notificationLogs).values(
    ganhos.map(({ envio: e }) => ({
      laudoId: e.laudo.id,
      ruleId: e.regra.id,
      ruleName: e.regra.name,
      daysBefore: e.marco.tipo === 'vencendo' ? e.marco.dias : -e.marco.dias,
      recipientEmail: destinatario.email,
      recipientName: nome,
      laudoCode: e.laudo.codigo,
      laudoName: e.laudo.nome,
      status: result.success ? 'pending' : 'failed',
      errorMessage: result.success ? null : (result.error ?? null),
      notificationType: e.marco.tipo,
      scheduledDate: ctx.asOf,
      emailLogId: result.logId ?? null,
    })),
  );
  return ganhos.length;
}

/** The digests a list of planned reminders makes: those of `resumo` rules, grouped by recipient. */
export function agruparResumos<T extends { envio: Envio }>(itens: readonly T[]): Map<string, T[]> {
  const porDestinatario = new Map<string, T[]>();
  for (const i of itens) {
    if (!i.envio.regra.resumo) continue;
    const lista = porDestinatario.get(i.envio.destinatario.email) ?? [];
    lista.push(i);
    porDestinatario.set(i.envio.destinatario.email, lista);
  }
  return porDestinatario;
}

function tipoDoResumo(envios: readonly Envio[]): TipoDeMensagem {
  return envios.some((e) => e.marco.tipo === 'vencendo') ? 'lembrete_antes' : 'lembrete_vencido';
}
