import type { SESClient } from '@aws-sdk/client-ses';
import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import { formatMailbox, type Mailbox } from './address.ts';

export type EmailProvider = 'outbox' | 'smtp' | 'amazon-ses';

/** A file attached to a message (the monthly report's PDF, a company's logo shown inline). */
export interface AnexoDoEmail {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Content-ID of an inline image, which the HTML shows as `cid:…`. */
  cid?: string;
}

/** SES v1 refuses a raw message above 10 MB (the attachments base64-encoded, about 4/3 of their size). */
export const SES_MAX_RAW_BYTES = 10 * 1024 * 1024;

export interface OutgoingEmail {
  logId: string | null;
  to: Mailbox;
  from: Mailbox;
  replyTo: Mailbox | null;
  subject: string;
  html: string;
  text: string;
  templateType: string | null;
  /** Sent by SMTP and SES; the outbox keeps the message only (its table has no place for files). */
  attachments?: AnexoDoEmail[];
  /** RFC 8058: one `List-Unsubscribe` (HTTPS + mailto) and `List-Unsubscribe-Post` (decision 035). */
  descadastro?: { umClique: string; mailto: string };
}

/**
 * The headers of a message for nodemailer (SMTP, and the MIME of SES raw sends): the template's
 * name, and the unsubscribe pair when the message has one. Written as headers, not nodemailer's
 * `list` option: only its Mailer (SMTP) reads `list`, the MailComposer of the SES raw path ignores
 * it. One `List-Unsubscribe` carries both addresses, as RFC 8058 wants.
 */
function cabecalhos(m: OutgoingEmail): { headers: Record<string, string> } {
  return {
    headers: {
      ...(m.templateType ? { 'X-Laudos-Template': m.templateType } : {}),
      ...(m.descadastro
        ? {
            'List-Unsubscribe': `<${m.descadastro.umClique}>, <${m.descadastro.mailto}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : {}),
    },
  };
}

/**
 * A failed send. `retryable` failures (throttling, 5xx, network) wait and are tried again;
 * permanent ones (rejected message, unverified sender…) are not.
 */
export class EmailSendError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
    /** The server refused the recipient for good (SMTP 550–559 to RCPT TO): the address goes on the suppression list. */
    readonly destinatarioRecusado = false,
  ) {
    super(message);
    this.name = 'EmailSendError';
  }
}

export interface EmailTransport {
  readonly provider: EmailProvider;
  send(message: OutgoingEmail): Promise<{ messageId: string }>;
  /** The provider's own sending-rate ceiling, when it has one (SES MaxSendRate). */
  maxSendRate?(): Promise<number | null>;
  close(): Promise<void>;
}

// --- outbox ------------------------------------------------------------------------------------

/** Nothing leaves the machine: the rendered message is stored for an admin to read. */
export function createOutboxTransport(db: DbOrTx): EmailTransport {
  return {
    provider: 'outbox',
    async send(m) {
      const [row] = await db
        .insert(emailOutbox)
        .values({
          emailLogId: m.logId,
          toEmail: m.to.address,
          toName: m.to.name,
          fromAddress: formatMailbox(m.from),
          replyTo: m.replyTo ? formatMailbox(m.replyTo) : null,
          subject: m.subject,
          html: m.html,
          text: m.text,
        })
        // A retried delivery of the same e-mail finds it already stored.
        .onConflictDoNothing({ target: emailOutbox.emailLogId })
        .returning({ id: emailOutbox.id });
      if (row) return { messageId: `outbox-${row.id}` };
      const [stored] = await db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(eq(emailOutbox.emailLogId, m.logId!));
      return { messageId: `outbox-${stored!.id}` };
    },
    async close() {},
  };
}

// --- SMTP --------------------------------------------------------------------------------------

const networkCodes = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'ECONNREFUSED',
  'ECONNRESET',
  'EDNS',
  'EHOSTUNREACH',
  'EPIPE',
]);

/*
 * The SMTP and SES libraries are loaded with the first message, not at start: an instance sends
 * through one of them (or neither: the outbox), and nodemailer and the AWS SDK cost ~60 and
 * ~130 ms and ~15 and ~18 MB to load (issue 15).
 */

export function createSmtpTransport(smtpUrl: string): EmailTransport {
  let transporter: Promise<Transporter> | undefined;
  const smtp = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl, {
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      } as never),
    ));
  return {
    provider: 'smtp',
    async send(m) {
      try {
        const info = await (await smtp()).sendMail({
          from: { name: m.from.name ?? '', address: m.from.address },
          to: { name: m.to.name ?? '', address: m.to.address },
          replyTo: m.replyTo ? { name: m.replyTo.name ?? '', address: m.replyTo.address } : undefined,
          subject: m.subject,
          html: m.html,
          text: m.text,
          ...cabecalhos(m),
          ...(m.attachments?.length ? { attachments: m.attachments } : {}),
        });
        return { messageId: String(info.messageId ?? '') };
      } catch (err) {
        throw mapSmtpError(err);
      }
    },
    async close() {
      if (transporter) (await transporter).close();
    },
  };
}

function mapSmtpError(err: unknown): EmailSendError {
  const e = err as {
    code?: string;
    responseCode?: number;
    response?: string;
    message?: string;
    command?: string;
  };
  const detail = (e.response ?? e.message ?? 'erro desconhecido').toString().slice(0, 300);
  if (typeof e.responseCode === 'number') {
    // 550–559 to RCPT TO: no such mailbox, mailbox disabled, refused by policy. Retrying cannot help
    // and sending again hurts the sender's reputation (decision 036). A 5xx to anything else (the
    // sender, the content) is the message's problem, not the address's.
    if (e.responseCode >= 550 && e.responseCode <= 559 && (e.command === 'RCPT TO' || e.code === 'EENVELOPE'))
      return new EmailSendError(
        `SMTP_${e.responseCode}`,
        `Servidor SMTP recusou o destinatário (${e.responseCode}): ${detail}`,
        false,
        true,
      );
    if (e.responseCode >= 400 && e.responseCode < 500) {
      return new EmailSendError(
        `SMTP_${e.responseCode}`,
        `Servidor SMTP recusou temporariamente (${e.responseCode}): ${detail}`,
        true,
      );
    }
    return new EmailSendError(
      `SMTP_${e.responseCode}`,
      `Servidor SMTP recusou a mensagem (${e.responseCode}): ${detail}`,
      false,
    );
  }
  if (e.code === 'EAUTH')
    return new EmailSendError('SMTP_AUTH', `Falha de autenticação no servidor SMTP: ${detail}`, false);
  if (e.code === 'EENVELOPE')
    return new EmailSendError('SMTP_ENVELOPE', `Destinatário ou remetente recusado: ${detail}`, false);
  if (e.code && networkCodes.has(e.code)) {
    return new EmailSendError(`SMTP_${e.code}`, `Servidor SMTP inacessível (${e.code}): ${detail}`, true);
  }
  return new EmailSendError('SMTP_ERRO', `Falha no envio SMTP: ${detail}`, true);
}

// --- Amazon SES --------------------------------------------------------------------------------

/** SES error names that no retry can fix, each with the message shown to the admin. */
const permanentSesErrors: Record<string, string> = {
  MessageRejected: 'Mensagem rejeitada pelo Amazon SES',
  MailFromDomainNotVerifiedException: 'Domínio do remetente (MAIL FROM) não verificado no Amazon SES',
  ConfigurationSetDoesNotExistException: 'Configuration set do Amazon SES não existe',
  ConfigurationSetSendingPausedException: 'Envio pausado para este configuration set do Amazon SES',
  AccountSendingPausedException: 'Envio pausado para esta conta do Amazon SES',
  TemplateDoesNotExistException: 'Template do Amazon SES não existe',
  AlreadyExistsException: 'Recurso já existe no Amazon SES',
  InvalidTemplateException: 'Template do Amazon SES inválido',
  InvalidPolicyException: 'Política do Amazon SES inválida',
  InvalidParameterValue: 'Parâmetro inválido para o Amazon SES',
  InvalidClientTokenId: 'Credenciais da AWS inválidas',
  SignatureDoesNotMatch: 'Credenciais da AWS inválidas (assinatura)',
  AccessDenied: 'Acesso negado pelo Amazon SES (verifique as permissões IAM)',
  AccessDeniedException: 'Acesso negado pelo Amazon SES (verifique as permissões IAM)',
  ProductionAccessNotGrantedException:
    'Conta do Amazon SES ainda em sandbox: acesso de produção não concedido',
  CredentialsProviderError: 'Credenciais da AWS não encontradas',
};

const retryableSesErrors = new Set([
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalFailure',
  'InternalServerError',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
]);

export function mapSesError(err: unknown): EmailSendError {
  const e = err as {
    name?: string;
    message?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
    $retryable?: unknown;
  };
  const name = e.name ?? 'Error';
  const status = e.$metadata?.httpStatusCode;
  const detail = (e.message ?? '').slice(0, 300);
  const known = permanentSesErrors[name];
  if (known) {
    // A quota or rate message arrives as Throttling, but "not verified" and sandbox limits as
    // MessageRejected: both are permanent until an admin acts.
    return new EmailSendError(`SES_${name}`, `${known}: ${detail}`, false);
  }
  if (retryableSesErrors.has(name) || e.$retryable || (status !== undefined && status >= 500)) {
    return new EmailSendError(
      `SES_${name}`,
      `Amazon SES indisponível ou limitando o envio (${name}${status ? ` ${status}` : ''}): ${detail}`,
      true,
    );
  }
  if (e.code && networkCodes.has(e.code)) {
    return new EmailSendError(`SES_${e.code}`, `Amazon SES inacessível (${e.code}): ${detail}`, true);
  }
  if (status !== undefined && status >= 400) {
    return new EmailSendError(
      `SES_${name}`,
      `Erro do Amazon SES (${name}, HTTP ${status}): ${detail}`,
      false,
    );
  }
  // No HTTP status: the request never got an answer (network).
  return new EmailSendError(
    `SES_${name}`,
    `Falha ao falar com o Amazon SES (${name}): ${detail || String(status ?? '')}`,
    true,
  );
}

/** The whole message as MIME (nodemailer's composer, loaded with the first one). */
async function mensagemMime(m: OutgoingEmail): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  return new MailComposer({
    from: { name: m.from.name ?? '', address: m.from.address },
    to: { name: m.to.name ?? '', address: m.to.address },
    replyTo: formatMailbox(m.replyTo ?? m.from),
    subject: m.subject,
    html: m.html,
    text: m.text,
    ...cabecalhos(m),
    attachments: m.attachments ?? [],
  })
    .compile()
    .build();
}

let sesSdk: Promise<typeof import('@aws-sdk/client-ses')> | undefined;
const loadSes = () => (sesSdk ??= import('@aws-sdk/client-ses'));

export function createSesTransport(config: Config): EmailTransport {
  let client: SESClient | undefined;
  const ses = async () => {
    const sdk = await loadSes();
    client ??= new sdk.SESClient({
      region: config.email.ses.region,
      ...(config.email.ses.endpoint ? { endpoint: config.email.ses.endpoint } : {}),
      // The SDK's standard retry: 3 attempts, 100 ms base delay (500 ms when throttled), 20 s at
      // most, on 500/502/503/504 and throttling. Our queue retries later on top of it.
      maxAttempts: 3,
      retryMode: 'standard',
      requestHandler: { connectionTimeout: 10_000, requestTimeout: 30_000 },
    });
    return { sdk, client };
  };
  const configurationSet = config.email.ses.configurationSet;
  return {
    provider: 'amazon-ses',
    async send(m) {
      try {
        const { sdk, client } = await ses();
        const { SendEmailCommand } = sdk;
        const tags = m.templateType
          ? { Tags: [{ Name: 'template', Value: m.templateType.replace(/[^\w-]/g, '_') }] }
          : {};
        if (m.attachments?.length || m.descadastro) {
          // SendEmail carries neither files nor headers of our own: a message with attachments or
          // the unsubscribe headers goes as raw MIME.
          const raw = await mensagemMime(m);
          if (raw.length > SES_MAX_RAW_BYTES)
            throw new EmailSendError(
              'SES_GRANDE_DEMAIS',
              `Mensagem com anexos maior que o limite de 10 MB do Amazon SES (${Math.ceil(raw.length / 1048576)} MB)`,
              false,
            );
          const result = await client.send(
            new sdk.SendRawEmailCommand({
              RawMessage: { Data: raw },
              ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
              ...tags,
            }),
          );
          if (!result.MessageId)
            throw new EmailSendError('SES_SEM_ID', 'Amazon SES não devolveu MessageId', true);
          return { messageId: result.MessageId };
        }
        const result = await client.send(
          new SendEmailCommand({
            Source: formatMailbox(m.from),
            Destination: { ToAddresses: [formatMailbox(m.to)] },
            Message: {
              Subject: { Data: m.subject, Charset: 'UTF-8' },
              Body: { Html: { Data: m.html, Charset: 'UTF-8' }, Text: { Data: m.text, Charset: 'UTF-8' } },
            },
            ReplyToAddresses: [formatMailbox(m.replyTo ?? m.from)],
            ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
            ...tags,
          }),
        );
        if (!result.MessageId)
          throw new EmailSendError('SES_SEM_ID', 'Amazon SES não devolveu MessageId', true);
        return { messageId: result.MessageId };
      } catch (err) {
        if (err instanceof EmailSendError) throw err;
        throw mapSesError(err);
      }
    },
    async maxSendRate() {
      try {
        const { sdk, client } = await ses();
        const quota = await client.send(new sdk.GetSendQuotaCommand({}), {
          abortSignal: AbortSignal.timeout(5000),
        });
        return quota.MaxSendRate && quota.MaxSendRate > 0 ? quota.MaxSendRate : null;
      } catch {
        return null;
      }
    },
    async close() {
      client?.destroy();
    },
  };
}
