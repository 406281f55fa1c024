import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDaysIso } from '@laudos/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { emailOutbox, empresas, laudos, notificationRules, planos } from '../src/db/schema.ts';
import { enviarRelatoriosMensais } from '../src/modules/notificacoes/relatorio-mensal.ts';
import { createAdmin, createUser, empresaDeTeste } from './helpers/accounts.ts';
import { startSmtpPeer } from './helpers/mail-peers.ts';
import { lerPdf } from './helpers/pdf.ts';
import { multipart } from './helpers/security.ts';
import { createTestServer, signIn, TEST_ORIGIN, type TestServer } from './helpers/server.ts';
import { waitUntil } from './helpers/wait.ts';

/**
 * Issue 18, `custom_branding` (decision 026): a company's logo and colour, set by its gestor, on the
 * reports and e-mails that go to it, beside the firm's brand, while its plan includes the feature.
 */

/** How many images a PDF embeds (`pdfimages -list`, poppler-utils). */
function imagensDoPdf(pdf: Buffer): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'laudos-marca-'));
  try {
    writeFileSync(path.join(dir, 'r.pdf'), pdf);
    const lista = execFileSync('pdfimages', ['-list', path.join(dir, 'r.pdf')], { encoding: 'utf8' });
    return lista
      .trim()
      .split('\n')
      .slice(2)
      .filter((l) => /\bimage\b/.test(l)).length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const SVG_COM_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="200" height="60" onload="alert(1)">' +
    '<script>alert("xss")</script><rect width="200" height="60" fill="#0b5394"/></svg>',
);

describe('custom_branding: the company logo and colour', () => {
  it('with the plan: the gestor sets an SVG/PNG logo (re-encoded, no script) and colour; the monthly e-mail carries it inline and the PDF shows it; without: 403; membro: 403', {
    timeout: 120_000,
  }, async () => {
    const peer = await startSmtpPeer();
    try {
      t = await createTestServer({
        JOBS: 'on',
        EMAIL_TRANSPORT: 'smtp',
        SMTP_URL: peer.url,
        EMAIL_RATE_PER_SECOND: '50',
      });
      const db = t.server.database.db;
      const plano = async (nome: string) =>
        (await db.select().from(planos).where(eq(planos.nome, nome)))[0]!.id;
      const empresaId = await empresaDeTeste(t, 'Hotel Açaí', { planoId: await plano('Básico') });
      const outraId = await empresaDeTeste(t, 'Outra Empresa');
      const admin = await createAdmin(t);
      const gestor = await createUser(t, { email: 'gestor@acai.com.br', empresaId, papel: 'gestor' });
      const membro = await createUser(t, { email: 'membro@acai.com.br', empresaId, papel: 'membro' });
      const cookie = await signIn(t.app, gestor.email, gestor.password);
      const cookieMembro = await signIn(t.app, membro.email, membro.password);
      const pedir = (method: 'GET' | 'PUT' | 'DELETE', url: string, c: string, payload?: object) =>
        t!.app.inject({
          method,
          url,
          headers: { cookie: c, origin: TEST_ORIGIN },
          ...(payload ? { payload } : {}),
        });
      const enviarLogo = (c: string, nome: string, conteudo: Buffer, url = '/api/empresa/marca/logo') => {
        const corpo = multipart(nome, conteudo);
        return t!.app.inject({
          method: 'PUT',
          url,
          headers: { cookie: c, origin: TEST_ORIGIN, 'content-type': corpo.contentType },
          payload: corpo.payload,
        });
      };

      // Without the feature: 403 naming it and the plans that have it.
      const recusa = await pedir('GET', '/api/empresa/marca', cookie);
      expect(recusa.statusCode).toBe(403);
      expect(recusa.json().error).toEqual({
        code: 'RECURSO_FORA_DO_PLANO',
        message: 'Seu plano não inclui marca personalizada. Disponível no plano Empresarial.',
      });
      expect((await enviarLogo(cookie, 'logo.svg', SVG_COM_SCRIPT)).statusCode).toBe(403);

      await db
        .update(empresas)
        .set({ planoId: await plano('Empresarial') })
        .where(eq(empresas.id, empresaId));
      expect((await pedir('GET', '/api/empresa/marca', cookie)).json()).toEqual({
        cor: null,
        logoUrl: null,
        ativa: true,
      });
      // A membro reads but does not change.
      expect((await pedir('GET', '/api/empresa/marca', cookieMembro)).statusCode).toBe(200);
      const doMembro = await pedir('PUT', '/api/empresa/marca', cookieMembro, { cor: '#112233' });
      expect(doMembro.statusCode).toBe(403);
      expect(doMembro.json().error.message).toBe(
        'Apenas o gestor da empresa pode alterar a marca da empresa.',
      );
      // Colour: validated, stored in lower case.
      const corRuim = await pedir('PUT', '/api/empresa/marca', cookie, { cor: 'red' });
      expect(corRuim.statusCode).toBe(400);
      expect(corRuim.json().error.campos).toEqual([
        { campo: 'cor', mensagem: 'Informe a cor no formato #rrggbb (por exemplo, #0b5394).' },
      ]);
      expect((await pedir('PUT', '/api/empresa/marca', cookie, { cor: '#0B5394' })).json().cor).toBe(
        '#0b5394',
      );

      // Logo: anything but an image is refused in pt-BR; an SVG is rasterised (its script gone).
      const html = await enviarLogo(
        cookie,
        'logo.svg',
        Buffer.from('<html><script>alert(1)</script></html>'),
      );
      expect(html.statusCode).toBe(400);
      expect(html.json().error.message).toBe('O logo deve ser uma imagem PNG, JPEG, WebP ou SVG.');
      const svg = await enviarLogo(cookie, 'logo.svg', SVG_COM_SCRIPT);
      expect(svg.statusCode, svg.body).toBe(200);
      const logoUrl: string = svg.json().logoUrl;
      expect(logoUrl).toMatch(/^\/api\/empresa\/marca\/logo\?v=/);
      const servido = await pedir('GET', logoUrl, cookieMembro);
      expect(servido.statusCode).toBe(200);
      expect(servido.headers['content-type']).toBe('image/png');
      expect(servido.rawPayload.includes('script')).toBe(false);
      expect(servido.rawPayload.includes('alert')).toBe(false);
      expect((await sharp(servido.rawPayload).metadata()).format).toBe('png');
      // A big PNG: shrunk to at most 600 × 200, still a PNG.
      const png = await sharp({
        create: { width: 1800, height: 900, channels: 3, background: '#cc3300' },
      })
        .png()
        .toBuffer();
      const trocado = await enviarLogo(cookie, 'logo.png', png);
      expect(trocado.statusCode).toBe(200);
      const novo = await pedir('GET', trocado.json().logoUrl, cookie);
      const meta = await sharp(novo.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 400, 200]);

      // Another company's branding: the admin's routes only.
      expect((await pedir('GET', `/api/admin/empresas/${outraId}/marca`, cookie)).statusCode).toBe(403);
      expect((await pedir('GET', `/api/admin/empresas/${empresaId}/marca/logo`, cookie)).statusCode).toBe(
        403,
      );
      const doAdmin = await pedir('GET', `/api/admin/empresas/${empresaId}/marca`, admin.cookie);
      expect(doAdmin.json()).toMatchObject({ cor: '#0b5394', ativa: true });
      expect((await pedir('GET', doAdmin.json().logoUrl, admin.cookie)).headers['content-type']).toBe(
        'image/png',
      );

      // The monthly e-mail: the firm's header, then the company's logo (inline, by Content-ID) and colour.
      await db.insert(laudos).values({
        codigo: 'HA-1',
        nome: 'Caldeira do hotel',
        tipo: 'NR-13',
        cliente: 'Hotel Açaí',
        empresaId,
        dataVencimento: addDaysIso(new Date().toISOString().slice(0, 10), -2),
      });
      const [regra] = await db
        .select()
        .from(notificationRules)
        .where(eq(notificationRules.kind, 'relatorio_mensal'));
      const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      const primeiro = `${hoje.slice(0, 7)}-01`;
      const totais = await enviarRelatoriosMensais(
        db,
        t.server.email,
        regra!,
        addDaysIso(primeiro, -1),
        primeiro,
        hoje,
      );
      expect(totais.enfileirados).toBe(2);
      const mensagem = await waitUntil(
        () =>
          peer.received.find((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === gestor.email),
        { what: 'relatório mensal com a marca', timeoutMs: 60_000 },
      );
      // mailparser swaps a `cid:` link that matches an inline part for that part's bytes: the HTML's
      // image is the company's logo, sent with the message (no remote image to fetch).
      const logo = mensagem.attachments.find((a) => a.contentId === '<logo-empresa@laudos>');
      expect(logo?.contentType).toBe('image/png');
      expect(logo?.related).toBe(true);
      expect(logo?.content.equals(novo.rawPayload)).toBe(true);
      const corpo = String(mensagem.html);
      expect(corpo).toContain(
        `<img src="data:image/png;base64,${novo.rawPayload.toString('base64')}" alt="Hotel Açaí"`,
      );
      expect(corpo).toContain('border-bottom:4px solid #0b5394');
      // The firm's brand stays, above it.
      expect(corpo.indexOf('Laudos Engenharia')).toBeLessThan(corpo.indexOf('alt="Hotel Açaí"'));
      // The PDF still reads and renders with the logo in its header.
      const pdf = mensagem.attachments.find((a) => a.contentType === 'application/pdf');
      const lido = lerPdf(pdf!.content);
      expect(lido.texto).toContain('Empresa: Hotel Açaí');
      expect(lido.texto).toContain('Caldeira do hotel');
      expect(lido.tintaNaPrimeira).toBeGreaterThan(0.02);
      expect(imagensDoPdf(pdf!.content)).toBe(1);

      // In sandbox mode the outbox keeps no files, yet its preview shows the logo: inlined as data:.
      await t.server.settings.update({ ...t.server.settings.get(), mode: 'sandbox' });
      const noSandbox = await t.server.email.enqueue(db, {
        type: 'relatorio_mensal',
        to: gestor.email,
        variables: {},
        empresaId,
      });
      expect(noSandbox.provider).toBe('outbox');
      const guardada = await waitUntil(
        async () =>
          (await db.select().from(emailOutbox).where(eq(emailOutbox.emailLogId, noSandbox.logId!)))[0],
        { what: 'mensagem do sandbox na caixa de saída', timeoutMs: 60_000 },
      );
      expect(guardada.html).not.toContain('cid:logo-empresa');
      expect(guardada.html).toContain(`src="data:image/png;base64,${novo.rawPayload.toString('base64')}"`);
      await t.server.settings.update({ ...t.server.settings.get(), mode: 'production' });

      // A company that loses the feature keeps its logo but its reports go with the firm's brand alone.
      await db
        .update(empresas)
        .set({ planoId: await plano('Profissional') })
        .where(eq(empresas.id, empresaId));
      const semMarca = await t.server.email.render(db, {
        type: 'relatorio_mensal',
        variables: {},
        empresaId,
      });
      expect(semMarca.html).not.toContain('cid:logo-empresa');
      expect((await db.select().from(empresas).where(eq(empresas.id, empresaId)))[0]!.marcaLogoKey).toMatch(
        /^empresas\//,
      );

      // Removing the logo.
      await db
        .update(empresas)
        .set({ planoId: await plano('Empresarial') })
        .where(eq(empresas.id, empresaId));
      const removido = await pedir('DELETE', '/api/empresa/marca/logo', cookie);
      expect(removido.json()).toMatchObject({ logoUrl: null, cor: '#0b5394' });
      expect((await pedir('GET', '/api/empresa/marca/logo', cookie)).statusCode).toBe(404);
    } finally {
      await t?.close();
      t = undefined;
      await peer.close();
    }
  });
});
