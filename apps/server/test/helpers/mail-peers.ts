import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 that decodes what it receives. `reject` decides per message. */
export async function startSmtpPeer(
  options: {
    reject?: (attempt: number) => { code: number; message: string } | null;
    /** While true, a message is read but never acknowledged: the sender hangs mid-send. */
    stall?: () => boolean;
    /** Refuses a recipient at RCPT TO (as a server does for a mailbox that does not exist). */
    rejectRecipient?: (address: string) => { code: number; message: string } | null;
  } = {},
) {
  const received: ParsedMail[] = [];
  let attempts = 0;
  let stalled = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const rejection = options.rejectRecipient?.(address.address) ?? null;
      if (!rejection) return callback();
      const err = new Error(rejection.message) as Error & { responseCode: number };
      err.responseCode = rejection.code;
      callback(err);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        attempts += 1;
        if (options.stall?.()) {
          stalled += 1;
          return;
        }
        const rejection = options.reject?.(attempts) ?? null;
        if (rejection) {
          const err = new Error(rejection.message) as Error & { responseCode: number };
          err.responseCode = rejection.code;
          callback(err);
          return;
        }
        received.push(await simpleParser(Buffer.concat(chunks)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    stalled: () => stalled,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The SES emulator (aws-ses-v2-local) on 127.0.0.1; read mail back with GET /store. */
export async function startSesPeer() {
  type Start = (c: { host: string; port: number }) => Promise<Server>;
  const mod = (await import('aws-ses-v2-local')) as unknown as { default: Start | { default: Start } };
  const fn: Start = typeof mod.default === 'function' ? mod.default : mod.default.default;
  const server = await fn({ host: '127.0.0.1', port: 0 });
  if (!server.listening) await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await fetch(`${url}/clear-store`, { method: 'POST' });
  return {
    url,
    async emails(): Promise<SesStoredEmail[]> {
      const res = await fetch(`${url}/store`);
      return ((await res.json()) as { emails: SesStoredEmail[] }).emails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SesStoredEmail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  /** Only for SendRawEmail: the content base64-encoded. */
  attachments?: { filename: string; contentType: string; content: string }[];
}

/**
 * A proxy in front of a peer that answers the first requests with scripted failures (throttling,
 * 5xx, a permanent rejection), then forwards. It counts what it saw.
 */
export async function startFaultProxy(
  target: string,
  plan: (n: number) => { status: number; body: string } | null,
  options: { maxSendRate?: number } = {},
) {
  let count = 0;
  const bodies: string[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    bodies.push(body);
    // The emulator has no GetSendQuota: answer it here, like SES would.
    if (body.includes('Action=GetSendQuota')) {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(
        `<GetSendQuotaResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><GetSendQuotaResult><SentLast24Hours>0.0</SentLast24Hours><Max24HourSend>50000.0</Max24HourSend><MaxSendRate>${options.maxSendRate ?? 14}.0</MaxSendRate></GetSendQuotaResult><ResponseMetadata><RequestId>q</RequestId></ResponseMetadata></GetSendQuotaResponse>`,
      );
      return;
    }
    count += 1;
    const fault = plan(count);
    if (fault) {
      res.writeHead(fault.status, { 'content-type': 'text/xml' });
      res.end(fault.body);
      return;
    }
    const upstream = await fetch(`${target}${req.url ?? '/'}`, {
      method: req.method,
      headers: {
        'content-type': req.headers['content-type'] ?? 'application/x-www-form-urlencoded',
        authorization: req.headers.authorization ?? '',
      },
      body: req.method === 'GET' ? undefined : Buffer.concat(chunks),
    });
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/xml' });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => count,
    /** Every request body seen (form-encoded SES calls), oldest first. */
    bodies: () => [...bodies],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function sesError(code: string, message: string, type: 'Sender' | 'Receiver' = 'Sender') {
  return `<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>${type}</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>teste-${Date.now()}</RequestId></ErrorResponse>`;
}
