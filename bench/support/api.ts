import { randomBytes } from 'node:crypto';
import { addDaysIso, calendarDayIn } from '@laudos/domain';
import { log, pool, sleep } from './stats.ts';

/**
 * The product's API as its users call it, to set up what the measurements need: a signed-in
 * session (cookie kept, Origin sent), clients created by the admin and through their first access,
 * laudos and their PDFs. Every setup step checks its answer and fails loudly.
 */
export class Session {
  cookie = '';
  readonly origin: string;

  constructor(readonly baseURL: string) {
    this.origin = new URL(baseURL).origin;
  }

  async call(method: string, url: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { origin: this.origin };
    if (this.cookie) headers.cookie = this.cookie;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.baseURL}${url}`, { method, headers, body: payload });
    const set = res.headers.getSetCookie();
    if (set.length) {
      const jar = new Map(
        this.cookie
          .split('; ')
          .filter(Boolean)
          .map((c) => [c.slice(0, c.indexOf('=')), c] as const),
      );
      for (const c of set) {
        const pair = c.split(';')[0]!;
        jar.set(pair.slice(0, pair.indexOf('=')), pair);
      }
      this.cookie = [...jar.values()].join('; ');
    }
    return res;
  }

  /** Calls and returns the JSON body; throws with the status and body unless `expected`. */
  async json<T>(method: string, url: string, body?: unknown, expected: number[] = [200, 201]): Promise<T> {
    const res = await this.call(method, url, body);
    const text = await res.text();
    if (!expected.includes(res.status))
      throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  static async signIn(baseURL: string, email: string, password: string): Promise<Session> {
    const s = new Session(baseURL);
    await s.json('POST', '/api/auth/sign-in/email', { email, password });
    return s;
  }
}

/** Today in the firm's zone (the server's APP_TIMEZONE default), plus `days`. */
export function dia(days = 0): string {
  return addDaysIso(calendarDayIn('America/Sao_Paulo'), days);
}

/**
 * A valid PDF of about `size` bytes: one page and a stream of random (incompressible) bytes, like a
 * scanned report. The server checks the content, not the name.
 */
export function pdf(size: number): Buffer {
  const head = Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >> endobj',
      `4 0 obj << /Length ${Math.max(0, size - 400)} >> stream`,
      '',
    ].join('\n'),
    'latin1',
  );
  const tail = Buffer.from('\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
  return Buffer.concat([head, randomBytes(Math.max(0, size - 400)), tail]);
}

export async function tiposDeLaudo(s: Session): Promise<string[]> {
  const { tipos } = await s.json<{ tipos: { nome: string }[] }>('GET', '/api/tipos-laudo');
  return tipos.map((t) => t.nome);
}

/** A plan without a practical laudo limit, for the clients of the benchmarks. */
export async function criarPlano(admin: Session, nome: string): Promise<string> {
  const { plano } = await admin.json<{ plano: { id: string } }>('POST', '/api/admin/planos', {
    nome,
    descricao: 'Plano das medições',
    preco: 0,
    ativo: true,
    padrao: false,
    maxLaudos: 1_000_000,
    maxUsuarios: 1000,
    notificacoes: true,
    whatsappAlerts: false,
    emailSupport: true,
    prioritySupport: false,
    customReports: false,
    apiAccess: false,
    dataExport: false,
    customBranding: false,
  });
  return plano.id;
}

export interface Cliente {
  email: string;
  empresa: string;
  senha: string;
  session: Session;
}

/**
 * Clients as the firm creates them: the admin registers each one (the welcome e-mail carries a
 * temporary password, read back from the outbox), and each client signs in once and sets a
 * definitive password (first access). Needs the outbox transport (the default) and the e-mail
 * worker running.
 */
export async function criarClientes(
  admin: Session,
  n: number,
  options: { prefixo: string; planoId: string; concurrency?: number; timeoutMs?: number },
): Promise<Cliente[]> {
  const baseURL = admin.baseURL;
  const pessoas = Array.from({ length: n }, (_, i) => ({
    email: `${options.prefixo}-${i}@cliente${i}.bench.test`,
    empresa: `Empresa ${options.prefixo} ${i}`,
    nome: `Cliente ${i}`,
  }));
  // Each client is the gestor of a company of its own, on the plan given.
  await pool(pessoas, options.concurrency ?? 4, async (p) => {
    const { empresa } = await admin.json<{ empresa: { id: string } }>('POST', '/api/admin/empresas', {
      razaoSocial: p.empresa,
      nomeFantasia: p.empresa,
      planoId: options.planoId,
    });
    await admin.json('POST', '/api/admin/usuarios', {
      nome: p.nome,
      email: p.email,
      tipo: 'cliente',
      empresaId: empresa.id,
      planoId: options.planoId,
    });
  });
  if (n > 1) log(`${n} clientes criados; esperando os e-mails de boas-vindas`);
  const temporarias = new Map<string, string>();
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  while (temporarias.size < n) {
    if (Date.now() > deadline)
      throw new Error(`só ${temporarias.size} de ${n} e-mails de boas-vindas chegaram ao outbox`);
    const { mensagens } = await admin.json<{ mensagens: { toEmail: string; text: string }[] }>(
      'GET',
      '/api/admin/email/outbox?limit=500',
    );
    for (const m of mensagens) {
      const line = m.text.split('\n').find((l) => l.includes('Senha temporária'));
      if (line) temporarias.set(m.toEmail.toLowerCase(), line.slice(line.indexOf(':') + 1).trim());
    }
    if (temporarias.size < n) await sleep(500);
  }
  if (n > 1) log(`${n} senhas temporárias lidas; primeiro acesso de cada cliente`);
  return pool(pessoas, options.concurrency ?? 4, async (p) => {
    const temporaria = temporarias.get(p.email.toLowerCase());
    if (!temporaria) throw new Error(`sem senha temporária para ${p.email}`);
    const session = await Session.signIn(baseURL, p.email, temporaria);
    const senha = `senha-definitiva-${p.email}`;
    await session.json('POST', '/api/conta/senha', { senhaAtual: temporaria, novaSenha: senha });
    return { email: p.email, empresa: p.empresa, senha, session };
  });
}

/** Creates laudos through the API (as the admin for a client's company, or as the client). */
export async function criarLaudos(
  s: Session,
  itens: Array<{
    nome: string;
    codigo: string;
    cliente?: string;
    tipo: string;
    emailCliente?: string | null;
    dataVencimento: string | null;
  }>,
  concurrency = 4,
): Promise<string[]> {
  return pool(itens, concurrency, async (item) => {
    const { laudo } = await s.json<{ laudo: { id: string } }>('POST', '/api/laudos', item);
    return laudo.id;
  });
}

export async function enviarPdf(
  s: Session,
  laudoId: string,
  file: Buffer,
  nome = 'laudo.pdf',
): Promise<void> {
  const form = new FormData();
  form.append('arquivo', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), nome);
  await s.json('POST', `/api/laudos/${laudoId}/arquivos/pdf`, form);
}

/** A spread of expiry dates like a real portfolio: expired, expiring soon, active, none. */
export function vencimentoVariado(i: number): string | null {
  if (i % 10 === 9) return null;
  return dia(((i * 37) % 900) - 300);
}

/**
 * One client of the firm with a realistic portfolio: `laudos` laudos of their company (created by
 * the admin, as the firm does; no e-mail address on them, so no e-mail is sent), and one of them
 * with a PDF of `pdfBytes`. Returns the client's signed-in session.
 */
export async function prepararCarteira(
  admin: Session,
  options: { laudos: number; pdfBytes: number; prefixo: string },
): Promise<{ cliente: Cliente; laudoIds: string[]; laudoComPdf: string }> {
  const planoId = await criarPlano(admin, `Plano ${options.prefixo}`);
  const [cliente] = await criarClientes(admin, 1, { prefixo: options.prefixo, planoId });
  const tipos = await tiposDeLaudo(admin);
  const laudoIds = await criarLaudos(
    admin,
    Array.from({ length: options.laudos }, (_, i) => ({
      nome: `Vaso de pressão ${i}`,
      codigo: `${options.prefixo.toUpperCase()}-${i}`,
      cliente: cliente!.empresa,
      tipo: tipos[i % tipos.length]!,
      emailCliente: null,
      dataVencimento: vencimentoVariado(i),
    })),
  );
  const laudoComPdf = laudoIds[0]!;
  await enviarPdf(admin, laudoComPdf, pdf(options.pdfBytes), 'laudo-nr13.pdf');
  return { cliente: cliente!, laudoIds, laudoComPdf };
}
