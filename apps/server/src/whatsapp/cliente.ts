import type { Config } from '../config.ts';

/**
 * The WhatsApp Business Cloud API client (decision 037): one template message per call,
 * `POST {base}/{phone-number-id}/messages` with the Bearer token. Errors are classified into
 * permanent (never retried) and temporary (retried by the queue with backoff).
 */

export type WhatsappConfig = NonNullable<Config['whatsapp']>;

export interface MensagemDeModelo {
  /** E.164 (+5511…); the API takes the digits. */
  para: string;
  modelo: string;
  /** The template body's parameters, in order ({{1}}, {{2}}, …). */
  parametros: readonly string[];
  /** Comes back in every status webhook of this message: our row id. */
  callback: string;
}

export class WhatsappErro extends Error {
  constructor(
    message: string,
    /** Meta's error code, or the HTTP status when the reply had none. */
    readonly codigo: number,
    readonly temporario: boolean,
  ) {
    super(message);
  }
}

/**
 * Meta's error codes (Cloud API "Error codes" page) as we classify them. Anything else: an HTTP
 * 5xx or a network failure is temporary, any other 4xx permanent.
 */
const TEMPORARIOS = new Set([
  1, // API unknown
  2, // API service
  4, // application-level throttling
  80007, // WABA rate limit
  130429, // throughput rate limit
  131000, // something went wrong
  131016, // service unavailable
  131048, // spam rate limit
  131056, // pair rate limit (same recipient too often)
  133004, // server temporarily unavailable
]);
const NUMERO_INVALIDO = new Set([131026, 131030, 131021]);
const MODELO = new Set([132000, 132001, 132005, 132007, 132012, 132015, 132016]);

/** The pt-BR text recorded for an error the API returned. */
function descrever(codigo: number, status: number, mensagem: string): string {
  if (NUMERO_INVALIDO.has(codigo)) return `Número sem WhatsApp ou inválido (código ${codigo}).`;
  if (MODELO.has(codigo))
    return `Modelo de mensagem não aprovado, inexistente ou com parâmetros errados (código ${codigo}).`;
  if (codigo === 130429 || codigo === 131056 || codigo === 4 || codigo === 80007 || status === 429)
    return `Limite de envio do WhatsApp atingido (código ${codigo}); nova tentativa em breve.`;
  if (codigo === 190) return 'Token do WhatsApp inválido ou expirado (código 190).';
  return `Erro do WhatsApp (código ${codigo}): ${mensagem.slice(0, 200)}`;
}

export function classificar(status: number, corpo: unknown): WhatsappErro {
  const e = (corpo as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const codigo = typeof e?.code === 'number' ? e.code : status;
  const mensagem = typeof e?.message === 'string' ? e.message : `HTTP ${status}`;
  const temporario =
    TEMPORARIOS.has(codigo) || status === 429 || status >= 500 || codigo === 190
      ? !NUMERO_INVALIDO.has(codigo) && !MODELO.has(codigo)
      : false;
  return new WhatsappErro(descrever(codigo, status, mensagem), codigo, temporario);
}

/**
 * Sends one template message; returns Meta's message id (wamid). Throws WhatsappErro; no answer
 * within `limiteMs` is a temporary error.
 */
export async function enviarModelo(
  config: WhatsappConfig,
  m: MensagemDeModelo,
  fetcher: typeof fetch = fetch,
  limiteMs = 30_000,
): Promise<{ wamid: string }> {
  const url = `${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  let resposta: Response;
  try {
    resposta = await fetcher(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: m.para.replace(/^\+/, ''),
        type: 'template',
        biz_opaque_callback_data: m.callback,
        template: {
          name: m.modelo,
          language: { code: 'pt_BR' },
          components: [{ type: 'body', parameters: m.parametros.map((text) => ({ type: 'text', text })) }],
        },
      }),
      signal: AbortSignal.timeout(limiteMs),
    });
  } catch (err) {
    throw new WhatsappErro(
      `Sem resposta da API do WhatsApp: ${err instanceof Error ? err.message : 'erro de rede'}`,
      0,
      true,
    );
  }
  const corpo: unknown = await resposta.json().catch(() => null);
  if (!resposta.ok) throw classificar(resposta.status, corpo);
  const wamid = (corpo as { messages?: Array<{ id?: unknown }> } | null)?.messages?.[0]?.id;
  if (typeof wamid !== 'string')
    throw new WhatsappErro('Resposta da API do WhatsApp sem id da mensagem.', 0, true);
  return { wamid };
}
