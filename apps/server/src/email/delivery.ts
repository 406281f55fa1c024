import { type AppSettings, type EmailTemplateType, isEmailTemplateType } from '@laudos/domain';
import { and, eq, sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import type { Config } from '../config.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { emailLogs, emailPacing, emailTemplates } from '../db/schema.ts';
import { AppError, erro } from '../http/errors.ts';
import type { Jobs } from '../jobs/boss.ts';
import {
  EMAIL_QUEUE,
  type EmailJobData,
  type RegistrarResultado,
  type ResultadoDoEmail,
} from '../jobs/enviar-email.ts';
import type { JobAttempt } from '../jobs/job.ts';
import type { SettingsStore } from '../settings/store.ts';
import { assertEmailAddress, assertNoLineBreak, type Mailbox, parseMailbox } from './address.ts';
import type { AcaoDoEmail, DescadastroDoEmail } from './layout.ts';
import { type RenderedEmail, renderEmail } from './render.ts';
import { seal, unseal } from './seal.ts';
import { estaSuprimido, suprimir } from './supressao.ts';
import {
  type AnexoDoEmail,
  createOutboxTransport,
  createSesTransport,
  createSmtpTransport,
  type EmailProvider,
  EmailSendError,
  type EmailTransport,
  type OutgoingEmail,
} from './transports.ts';

/** The spec's send result. */
export interface SendResult {
  success: boolean;
  messageId?: string;
  error?: string;
  provider: EmailProvider;
  /** The email_logs row that tracks this message. */
  logId?: string;
}

export interface EmailRequest {
  type: EmailTemplateType;
  to: string;
  toName?: string | null;
  variables: Record<string, unknown>;
  userId?: string | null;
  laudoId?: string | null;
  metadata?: Record<string, unknown>;
  /** Files made when the message is delivered, not when it is queued (the queue stays small). */
  anexos?: PedidoDeAnexo[];
  /** The company the e-mail goes to: its branding, when its plan shows it, joins the firm's. */
  empresaId?: string | null;
  /** Buttons the layout draws below the template (a reminder's answer links): no template can drop them. */
  acoes?: readonly AcaoDoEmail[];
  /**
   * A non-transactional e-mail's unsubscribe links (decision 035): the `List-Unsubscribe` headers
   * and the footer's link. Transactional e-mails (password reset, invitations…) have none.
   */
  descadastro?: DescadastroDoEmail | null;
}

/** The attachment request of a company's logo, and the Content-ID the HTML shows it by. */
export const ANEXO_LOGO_DA_EMPRESA = 'logo-empresa';
export const CID_DO_LOGO_DA_EMPRESA = 'logo-empresa@laudos';

/**
 * The branding in force of the company an e-mail goes to, or null (wired in server.ts: the plan's
 * `customBranding`, decision 026).
 */
export type LeitorDeMarca = (
  db: DbOrTx,
  empresaId: string,
) => Promise<{ nome: string; cor: string | null; logoKey: string | null } | null>;

/** What to attach, described: the `GeradorDeAnexos` makes the file at delivery. */
export interface PedidoDeAnexo {
  tipo: string;
  dados: Record<string, string>;
}

/**
 * Makes an attachment (wired in server.ts; email/ imports no module). Null when the file would be
 * too big for an e-mail: the message goes without it.
 */
export type GeradorDeAnexos = (pedido: PedidoDeAnexo) => Promise<AnexoDoEmail | null>;

interface SealedMessage {
  to: Mailbox;
  subject: string;
  html: string;
  text: string;
  templateType: string | null;
  anexos?: PedidoDeAnexo[];
  descadastro?: { umClique: string; mailto: string };
}

/** `suprimido`: not sent, the address is on the suppression list (decision 036); never retried. */
type LogStatus = 'pending' | 'sending' | 'retrying' | 'sent' | 'failed' | 'suprimido';

/** What email_logs and the reminders' records say of a message not sent to a suppressed address. */
const MENSAGEM_SUPRIMIDO =
  'Não enviado: o endereço está na lista de supressão (devolução permanente ou reclamação).';

interface Attempt {
  at: string;
  status: LogStatus;
  provider: EmailProvider;
  error?: string;
}

/**
 * Every e-mail of the product goes through here. `enqueue` renders the message and records it
 * inside the caller's transaction (an event rolled back sends nothing); the `email-send` job
 * (jobs/enviar-email.ts) calls `entregar`, which sends it, paced across every instance, retried with
 * backoff on temporary failures, logged per attempt, and reports the outcome through the
 * `registrarResultado` it is given.
 */
export class EmailService {
  private readonly transports = new Map<EmailProvider, EmailTransport>();
  private rateLimit: number;
  private geradorDeAnexos: GeradorDeAnexos | undefined;
  private leitorDeMarca: LeitorDeMarca | undefined;

  constructor(
    private readonly config: Config,
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly settings: SettingsStore,
    private readonly log: {
      info(o: object, m: string): void;
      warn(o: object, m: string): void;
      error(o: object, m: string): void;
    },
  ) {
    this.rateLimit = config.email.ratePerSecond;
  }

  /** The configured transport's provider, as the mode currently resolves it. */
  activeProvider(): EmailProvider {
    return this.providerFor(this.settings.get());
  }

  /** The sandbox mode keeps everything in the outbox, whatever the transport. */
  private providerFor(settings: AppSettings): EmailProvider {
    return settings.mode === 'sandbox' ? 'outbox' : this.configuredProvider();
  }

  private replyTo(): Mailbox | null {
    return this.config.email.replyTo ? parseMailbox(this.config.email.replyTo, 'EMAIL_REPLY_TO') : null;
  }

  configuredProvider(): EmailProvider {
    return this.config.email.transport === 'ses' ? 'amazon-ses' : this.config.email.transport;
  }

  /** Who makes the files of `EmailRequest.anexos` (server.ts: the monthly report's PDF). */
  usarGeradorDeAnexos(gerador: GeradorDeAnexos): void {
    this.geradorDeAnexos = gerador;
  }

  /** Who reads a company's branding (server.ts: modules/marca). */
  usarLeitorDeMarca(leitor: LeitorDeMarca): void {
    this.leitorDeMarca = leitor;
  }

  /**
   * The files of a message, made now. A failure to make one is temporary (the delivery is retried);
   * a file too big for an e-mail is left out, and the message goes without it.
   */
  private async gerarAnexos(logId: string, pedidos: PedidoDeAnexo[]): Promise<AnexoDoEmail[]> {
    const gerador = this.geradorDeAnexos;
    if (!gerador)
      throw new EmailSendError('ANEXO_SEM_GERADOR', 'Nenhum gerador de anexos configurado', false);
    const anexos: AnexoDoEmail[] = [];
    for (const pedido of pedidos) {
      let anexo: AnexoDoEmail | null;
      try {
        anexo = await gerador(pedido);
      } catch (err) {
        throw new EmailSendError(
          'ANEXO_FALHOU',
          `Falha ao gerar o anexo (${pedido.tipo}): ${err instanceof Error ? err.message : String(err)}`,
          true,
        );
      }
      if (anexo) anexos.push(anexo);
      else
        this.log.warn(
          { logId, anexo: pedido.tipo },
          'anexo grande demais ou ausente: e-mail enviado sem ele',
        );
    }
    return anexos;
  }

  /** For SES, caps the pacing at the account's MaxSendRate (never above it). */
  async init(): Promise<void> {
    if (this.config.email.transport !== 'ses') return;
    const max = await this.transport('amazon-ses').maxSendRate?.();
    if (max && max < this.rateLimit) {
      this.log.warn(
        { configured: this.rateLimit, maxSendRate: max },
        'EMAIL_RATE_PER_SECOND acima do MaxSendRate do SES: usando o limite do SES',
      );
      this.rateLimit = max;
    }
  }

  get ratePerSecond(): number {
    return this.rateLimit;
  }

  private transport(provider: EmailProvider): EmailTransport {
    let t = this.transports.get(provider);
    if (!t) {
      if (provider === 'outbox') t = createOutboxTransport(this.db);
      else if (provider === 'smtp') {
        if (!this.config.email.smtpUrl)
          throw new EmailSendError('SMTP_NAO_CONFIGURADO', 'SMTP_URL não configurado', false);
        t = createSmtpTransport(this.config.email.smtpUrl);
      } else t = createSesTransport(this.config);
      this.transports.set(provider, t);
    }
    return t;
  }

  private from(companyName: string): Mailbox {
    const from = parseMailbox(this.config.email.from);
    return { name: from.name ?? companyName, address: from.address };
  }

  /** Renders a template of `type` for `request`; throws AppError on a missing template or bad data. */
  async render(
    db: DbOrTx,
    request: Pick<EmailRequest, 'type' | 'variables' | 'empresaId' | 'acoes' | 'descadastro'>,
    now?: Date,
  ): Promise<RenderedEmail> {
    return (await this.renderComMarca(db, request, now)).rendered;
  }

  /** The rendering, and the storage key of the company logo it shows inline (to attach), if any. */
  private async renderComMarca(
    db: DbOrTx,
    request: Pick<EmailRequest, 'type' | 'variables' | 'empresaId' | 'acoes' | 'descadastro'>,
    now?: Date,
  ): Promise<{ rendered: RenderedEmail; logoKey: string | null }> {
    const [template] = await db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.type, request.type), eq(emailTemplates.active, true)))
      .limit(1);
    if (!template) throw erro('templateNaoEncontrado', request.type);
    const settings = this.settings.get();
    const marca =
      request.empresaId && this.leitorDeMarca ? await this.leitorDeMarca(db, request.empresaId) : null;
    const rendered = await renderEmail(
      { subject: template.subject, html: template.htmlContent, text: template.textContent },
      request.variables,
      {
        settings,
        publicUrl: this.config.publicUrl,
        timeZone: this.config.timeZone,
        now,
        marcaDaEmpresa: marca && {
          nome: marca.nome,
          cor: marca.cor,
          logoCid: marca.logoKey ? CID_DO_LOGO_DA_EMPRESA : null,
        },
      },
      request.acoes,
      request.descadastro ?? null,
    );
    return { rendered, logoKey: marca?.logoKey ?? null };
  }

  /**
   * Records and enqueues one e-mail in the caller's transaction. A missing template or bad data does
   * not throw (the caller's event must not fail because of an e-mail): it is logged as failed and
   * the result says why.
   */
  async enqueue(tx: DbOrTx, request: EmailRequest): Promise<SendResult> {
    const provider = this.activeProvider();
    const base = {
      userId: request.userId ?? null,
      laudoId: request.laudoId ?? null,
      recipientEmail: request.to.trim(),
      recipientName: request.toName ?? null,
      templateType: request.type,
      provider,
    };
    let rendered: RenderedEmail;
    let logoKey: string | null;
    let to: Mailbox;
    try {
      if (!isEmailTemplateType(request.type)) throw erro('templateNaoEncontrado', request.type);
      to = { address: assertEmailAddress(request.to), name: request.toName?.trim() || null };
      assertNoLineBreak(request.toName, 'O nome do destinatário');
      ({ rendered, logoKey } = await this.renderComMarca(tx, request));
    } catch (err) {
      const error =
        err instanceof AppError ? err.message : `Falha ao preparar o e-mail: ${(err as Error).message}`;
      const [row] = await tx
        .insert(emailLogs)
        .values({
          ...base,
          subject: '(não enviado)',
          status: 'failed',
          errorMessage: error,
          metadata: request.metadata ?? {},
        })
        .returning({ id: emailLogs.id });
      this.log.warn({ logId: row?.id, templateType: request.type, error }, 'e-mail não enfileirado');
      return { success: false, error, provider, logId: row?.id };
    }
    const [row] = await tx
      .insert(emailLogs)
      .values({
        ...base,
        subject: rendered.subject,
        status: 'pending',
        metadata: { ...(request.metadata ?? {}), attempts: [] },
      })
      .returning({ id: emailLogs.id });
    const logId = row!.id;
    const anexos = [
      ...(request.anexos ?? []),
      ...(logoKey ? [{ tipo: ANEXO_LOGO_DA_EMPRESA, dados: { key: logoKey } }] : []),
    ];
    const message: SealedMessage = {
      to,
      ...rendered,
      templateType: request.type,
      ...(anexos.length ? { anexos } : {}),
      ...(request.descadastro
        ? { descadastro: { umClique: request.descadastro.umClique, mailto: request.descadastro.mailto } }
        : {}),
    };
    await this.jobs.boss.send(
      EMAIL_QUEUE,
      { logId, sealed: seal(this.config.authSecret, message) } satisfies EmailJobData,
      { db: fromDrizzle(tx as never, sql as never) },
    );
    return { success: true, provider, logId };
  }

  /** Waits for this instance's turn: one shared slot row paces every instance together. */
  private async waitForSlot(): Promise<void> {
    const interval = 1 / this.rateLimit;
    const result = (await this.db.execute(sql`
      insert into ${emailPacing} (id, next_slot) values (1, clock_timestamp() + make_interval(secs => ${interval}))
      on conflict (id) do update
        set next_slot = greatest(${emailPacing.nextSlot}, clock_timestamp()) + make_interval(secs => ${interval})
      returning greatest(0, extract(epoch from (${emailPacing.nextSlot} - make_interval(secs => ${interval}) - clock_timestamp())) * 1000)::float8 as wait_ms
    `)) as unknown as { rows: { wait_ms: number }[] };
    const wait = Number(result.rows[0]?.wait_ms ?? 0);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }

  /**
   * Records one attempt; when it settles the message (sent, or failed for good), the same
   * transaction hands the outcome to `registrarResultado` (the reminders' records).
   */
  private async appendAttempt(
    logId: string,
    attempt: Attempt,
    set: Partial<typeof emailLogs.$inferInsert>,
    registrarResultado?: RegistrarResultado,
  ) {
    const settled =
      attempt.status === 'sent' || attempt.status === 'failed' || attempt.status === 'suprimido';
    await this.db.transaction(async (tx) => {
      await tx
        .update(emailLogs)
        .set({
          ...set,
          updatedAt: new Date(),
          metadata: sql`jsonb_set(${emailLogs.metadata}, '{attempts}', coalesce(${emailLogs.metadata}->'attempts', '[]'::jsonb) || ${JSON.stringify([attempt])}::jsonb)`,
        })
        .where(eq(emailLogs.id, logId));
      if (settled && registrarResultado) {
        const resultado: ResultadoDoEmail = {
          status: attempt.status === 'sent' ? 'sent' : 'failed',
          at: new Date(attempt.at),
          ...(attempt.error ? { error: attempt.error } : {}),
        };
        await registrarResultado(tx, logId, resultado);
      }
    });
  }

  /**
   * The `email-send` job's work: one message. Its outcome goes to email_logs and, in the same
   * transaction, to `registrarResultado`.
   */
  async entregar(data: EmailJobData, job: JobAttempt, registrarResultado: RegistrarResultado): Promise<void> {
    const { logId } = data;
    const [log] = await this.db
      .select({ status: emailLogs.status })
      .from(emailLogs)
      .where(eq(emailLogs.id, logId))
      .limit(1);
    if (!log) return; // cleaned up meanwhile
    if (log.status === 'sent') return; // already delivered by an earlier attempt
    let message: SealedMessage;
    try {
      message = unseal<SealedMessage>(this.config.authSecret, data.sealed);
    } catch {
      await this.appendAttempt(
        logId,
        {
          at: new Date().toISOString(),
          status: 'failed',
          provider: this.configuredProvider(),
          error: 'Conteúdo ilegível (AUTH_SECRET mudou?)',
        },
        {
          status: 'failed',
          errorMessage: 'Conteúdo da mensagem ilegível: AUTH_SECRET mudou desde o enfileiramento.',
        },
        registrarResultado,
      );
      return;
    }
    const settings = this.settings.get();
    const provider = this.providerFor(settings);
    // Checked at delivery, not when queued: an address suppressed meanwhile is spared, one removed
    // from the list meanwhile gets the message. The outbox too: the sandbox shows what would happen.
    if (await estaSuprimido(this.db, message.to.address)) {
      await this.appendAttempt(
        logId,
        { at: new Date().toISOString(), status: 'suprimido', provider, error: MENSAGEM_SUPRIMIDO },
        { status: 'suprimido', errorMessage: MENSAGEM_SUPRIMIDO, provider },
        registrarResultado,
      );
      this.log.info({ logId, provider, templateType: message.templateType }, 'e-mail suprimido');
      return;
    }
    await this.db
      .update(emailLogs)
      .set({ status: 'sending', provider, attempts: sql`${emailLogs.attempts} + 1`, updatedAt: new Date() })
      .where(eq(emailLogs.id, logId));
    await this.waitForSlot();
    const from = this.from(settings.branding.companyName);
    const { anexos, ...conteudo } = message;
    const outgoing: OutgoingEmail = { logId, from, replyTo: this.replyTo(), ...conteudo };
    try {
      if (anexos?.length && provider !== 'outbox')
        outgoing.attachments = await this.gerarAnexos(logId, anexos);
      // The outbox keeps no files, but the sandbox's preview shows what the recipient would see:
      // the company's logo goes into the stored HTML as a data: URL instead of a cid: reference.
      const logos = anexos?.filter((a) => a.tipo === ANEXO_LOGO_DA_EMPRESA) ?? [];
      if (logos.length && provider === 'outbox') {
        for (const logo of await this.gerarAnexos(logId, logos)) {
          if (!logo.cid) continue;
          const dataUrl = `data:${logo.contentType};base64,${logo.content.toString('base64')}`;
          outgoing.html = outgoing.html.replaceAll(`cid:${logo.cid}`, dataUrl);
        }
      }
      const { messageId } = await this.transport(provider).send(outgoing);
      // Recorded at once: the only window for a duplicate is a crash between the provider's
      // acceptance and this update.
      await this.appendAttempt(
        logId,
        { at: new Date().toISOString(), status: 'sent', provider },
        { status: 'sent', messageId, errorMessage: null, sentAt: new Date(), provider },
        registrarResultado,
      );
      this.log.info({ logId, provider, templateType: message.templateType }, 'e-mail enviado');
    } catch (err) {
      const error =
        err instanceof EmailSendError
          ? err
          : new EmailSendError(
              'ERRO_DESCONHECIDO',
              err instanceof Error ? err.message : 'Unknown error',
              true,
            );
      if (error.destinatarioRecusado)
        await suprimir(this.db, {
          email: message.to.address,
          motivo: 'smtp_5xx',
          detalhe: error.message,
          origem: 'smtp',
        });
      const retriesLeft = (job.retryLimit ?? this.config.email.retryLimit) - (job.retryCount ?? 0);
      const willRetry = error.retryable && retriesLeft > 0;
      const status: LogStatus = willRetry ? 'retrying' : 'failed';
      await this.appendAttempt(
        logId,
        { at: new Date().toISOString(), status, provider, error: error.message },
        { status, errorMessage: error.message },
        registrarResultado,
      );
      this.log.warn({ logId, provider, code: error.code, willRetry }, 'falha no envio de e-mail');
      // Throwing hands the job back to pg-boss: retried with backoff, dead-lettered after the last
      // try. A permanent failure is settled here and never retried.
      if (error.retryable) throw error;
    }
  }

  /**
   * Sends at once, outside the queue (CLI test, admin "send a test"), and logs it. An admin's
   * explicit test goes even to a suppressed address (it is how one checks it works again).
   */
  async sendNow(request: EmailRequest): Promise<SendResult> {
    const settings = this.settings.get();
    const provider = this.providerFor(settings);
    let rendered: RenderedEmail;
    let to: Mailbox;
    try {
      to = { address: assertEmailAddress(request.to), name: request.toName?.trim() || null };
      assertNoLineBreak(request.toName, 'O nome do destinatário');
      rendered = await this.render(this.db, request);
    } catch (err) {
      return { success: false, error: err instanceof Error ? err.message : 'Unknown error', provider };
    }
    const [row] = await this.db
      .insert(emailLogs)
      .values({
        userId: request.userId ?? null,
        laudoId: request.laudoId ?? null,
        recipientEmail: to.address,
        recipientName: to.name,
        subject: rendered.subject,
        templateType: request.type,
        provider,
        status: 'sending',
        attempts: 1,
        metadata: { ...(request.metadata ?? {}), attempts: [] },
      })
      .returning({ id: emailLogs.id });
    const logId = row!.id;
    const replyTo = this.replyTo();
    try {
      const { messageId } = await this.transport(provider).send({
        logId,
        to,
        from: this.from(settings.branding.companyName),
        replyTo,
        ...rendered,
        templateType: request.type,
      });
      await this.appendAttempt(
        logId,
        { at: new Date().toISOString(), status: 'sent', provider },
        { status: 'sent', messageId, sentAt: new Date() },
      );
      return { success: true, messageId, provider, logId };
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Unknown error';
      if (err instanceof EmailSendError && err.destinatarioRecusado)
        await suprimir(this.db, { email: to.address, motivo: 'smtp_5xx', detalhe: message, origem: 'smtp' });
      await this.appendAttempt(
        logId,
        { at: new Date().toISOString(), status: 'failed', provider, error: message },
        { status: 'failed', errorMessage: message },
      );
      return { success: false, error: message, provider, logId };
    }
  }

  async close(): Promise<void> {
    for (const t of this.transports.values()) await t.close().catch(() => {});
    this.transports.clear();
  }
}
