import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the WhatsApp Business Cloud API (no emulator runs on Node 20), on
 * 127.0.0.1: `POST /{phone-number-id}/messages` with the documented request, reply and error
 * shapes, recording what it received; and Meta's signed status webhooks, built for our endpoint.
 * Only the documented contract, as we read it (decision 037) — never checked against Meta here.
 */

export type Falha = 'numero_invalido' | 'modelo_nao_aprovado' | 'limite' | 'erro_500';

export interface Recebida {
  to: string;
  template: string;
  language: string;
  parametros: string[];
  callback: string | undefined;
  wamid: string;
}

const ERROS: Record<
  Falha,
  { http: number; code: number; type: string; message: string; error_subcode?: number }
> = {
  numero_invalido: { http: 400, code: 131026, type: 'OAuthException', message: 'Message Undeliverable.' },
  modelo_nao_aprovado: {
    http: 404,
    code: 132001,
    type: 'OAuthException',
    message: '(#132001) Template name does not exist in the translation',
    error_subcode: 2494073,
  },
  limite: { http: 429, code: 130429, type: 'OAuthException', message: '(#130429) Rate limit hit' },
  erro_500: { http: 500, code: 131000, type: 'OAuthException', message: 'Something went wrong' },
};

export interface CloudApiLocal {
  /** WHATSAPP_* variables pointing the server here. */
  env: Record<string, string>;
  appSecret: string;
  /** Accepted messages, in order. */
  recebidas: Recebida[];
  /** Every request, accepted or refused (with the error code answered). */
  tentativas: Array<{ to: string; code: number | null }>;
  /** The next answers for a recipient (digits, no +): each call takes one; then success. */
  falharPara(to: string, ...falhas: Falha[]): void;
  /** A status webhook's body and headers, signed with the app secret (or a wrong one). */
  webhook(
    statuses: Array<{
      id: string;
      status: string;
      callback?: string;
      erro?: { code: number; title: string };
    }>,
    opcoes?: { segredo?: string },
  ): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

async function lerCorpo(req: IncomingMessage): Promise<string> {
  const partes: Buffer[] = [];
  for await (const p of req) partes.push(p as Buffer);
  return Buffer.concat(partes).toString('utf8');
}

export async function iniciarCloudApiLocal(): Promise<CloudApiLocal> {
  const phoneNumberId = '109876543210';
  const token = `EAAG${randomBytes(16).toString('hex')}`;
  const appSecret = randomBytes(16).toString('hex');
  const recebidas: Recebida[] = [];
  const tentativas: CloudApiLocal['tentativas'] = [];
  const roteiro = new Map<string, Falha[]>();
  const responder = (res: import('node:http').ServerResponse, status: number, corpo: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(corpo));
  };
  const server: Server = createServer(async (req, res) => {
    const corpo = await lerCorpo(req);
    if (req.method !== 'POST' || req.url !== `/${phoneNumberId}/messages`)
      return responder(res, 404, {
        error: { message: 'Unknown path', type: 'GraphMethodException', code: 100 },
      });
    if (req.headers.authorization !== `Bearer ${token}`)
      return responder(res, 401, {
        error: {
          message: 'Invalid OAuth access token.',
          type: 'OAuthException',
          code: 190,
          fbtrace_id: 'Atest',
        },
      });
    let m: {
      messaging_product?: string;
      to?: string;
      type?: string;
      biz_opaque_callback_data?: string;
      template?: {
        name?: string;
        language?: { code?: string };
        components?: Array<{ type: string; parameters: Array<{ type: string; text: string }> }>;
      };
    };
    try {
      m = JSON.parse(corpo);
    } catch {
      return responder(res, 400, { error: { message: 'Invalid JSON', type: 'OAuthException', code: 100 } });
    }
    const to = String(m.to ?? '');
    if (
      m.messaging_product !== 'whatsapp' ||
      m.type !== 'template' ||
      !m.template?.name ||
      !/^\d{8,15}$/.test(to)
    )
      return responder(res, 400, {
        error: {
          message: '(#100) Invalid parameter',
          type: 'OAuthException',
          code: 100,
          fbtrace_id: 'Atest',
        },
      });
    const falha = roteiro.get(to)?.shift();
    if (falha) {
      const { http, ...error } = ERROS[falha];
      tentativas.push({ to, code: error.code });
      return responder(res, http, { error: { ...error, fbtrace_id: `A${randomBytes(6).toString('hex')}` } });
    }
    const wamid = `wamid.${randomBytes(24).toString('base64url')}`;
    tentativas.push({ to, code: null });
    recebidas.push({
      to,
      template: m.template.name,
      language: m.template.language?.code ?? '',
      parametros: (m.template.components ?? []).flatMap((c) => c.parameters.map((p) => p.text)),
      callback: m.biz_opaque_callback_data,
      wamid,
    });
    return responder(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: wamid }],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      WHATSAPP_API_URL: `http://127.0.0.1:${port}`,
      WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
      WHATSAPP_TOKEN: token,
      WHATSAPP_APP_SECRET: appSecret,
      WHATSAPP_VERIFY_TOKEN: 'verifica-laudos',
    },
    appSecret,
    recebidas,
    tentativas,
    falharPara(to, ...falhas) {
      roteiro.set(to, [...(roteiro.get(to) ?? []), ...falhas]);
    },
    webhook(statuses, opcoes = {}) {
      const payload = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '102290129340398',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '551140000000', phone_number_id: phoneNumberId },
                  statuses: statuses.map((s) => ({
                    id: s.id,
                    status: s.status,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: '5511988887777',
                    ...(s.callback ? { biz_opaque_callback_data: s.callback } : {}),
                    ...(s.erro ? { errors: [{ code: s.erro.code, title: s.erro.title }] } : {}),
                  })),
                },
              },
            ],
          },
        ],
      });
      const assinatura = createHmac('sha256', opcoes.segredo ?? appSecret)
        .update(payload)
        .digest('hex');
      return {
        payload,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${assinatura}` },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
