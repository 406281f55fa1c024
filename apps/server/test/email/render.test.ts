import { defaultAppSettings, emailTemplateTypes } from '@laudos/domain';
import { describe, expect, it } from 'vitest';
import {
  assertEmailAddress,
  formatMailbox,
  HeaderInjectionError,
  parseMailbox,
} from '../../src/email/address.ts';
import { defaultEmailTemplates } from '../../src/email/default-templates.ts';
import { brandColorForWhiteText } from '../../src/email/layout.ts';
import { renderEmail, validateTemplate } from '../../src/email/render.ts';
import { sampleVariables } from '../../src/email/samples.ts';
import { seal, unseal } from '../../src/email/seal.ts';

const context = {
  settings: defaultAppSettings,
  publicUrl: 'https://portal.exemplo.com.br',
  timeZone: 'America/Sao_Paulo',
};
const template = (type: string) => {
  const t = defaultEmailTemplates.find((x) => x.type === type);
  if (!t) throw new Error(`no default template ${type}`);
  return { subject: t.subject, html: t.html, text: t.text };
};

describe('seeded templates', () => {
  it('exist for every type the product sends, once each', () => {
    expect(defaultEmailTemplates.map((t) => t.type).sort()).toEqual([...emailTemplateTypes].sort());
  });

  it.each(emailTemplateTypes)(
    '%s is valid and renders with sample data, leaving nothing unfilled',
    async (type) => {
      const parts = template(type);
      expect(() => validateTemplate(type, parts)).not.toThrow();
      const out = await renderEmail(parts, sampleVariables(type, context.publicUrl), context);
      expect(out.subject.length).toBeGreaterThan(5);
      for (const body of [out.subject, out.html, out.text]) {
        expect(body).not.toMatch(/\{\{|\{%/);
        expect(body).not.toContain('undefined');
      }
      // The shared layout: 600 px container, the year, the firm's contact details.
      expect(out.html).toContain('max-width:600px');
      expect(out.html).toContain(`© ${new Date().getFullYear()}`.replace('©', '&copy;'));
      expect(out.html).toContain(defaultAppSettings.contact.email);
      expect(out.text).toContain(defaultAppSettings.contact.email);
      expect(out.text).not.toMatch(/<\/?(p|div|table|a)\b/);
    },
  );

  it('use the subjects of the spec', async () => {
    const vars = { ...sampleVariables('laudo_criado', context.publicUrl), laudo_nome: 'Caldeira 01' };
    const subject = async (type: string) => (await renderEmail(template(type), vars, context)).subject;
    expect(await subject('laudo_criado')).toBe('Novo Laudo Criado: Caldeira 01');
    expect(await subject('vencimento_30')).toBe('⚠️ Laudo vence em 30 dias: Caldeira 01');
    expect(await subject('vencimento_7')).toBe('🚨 URGENTE: Laudo vence em 7 dias: Caldeira 01');
    expect(await subject('vencimento_1')).toBe('🔴 CRÍTICO: Laudo vence AMANHÃ: Caldeira 01');
  });

  it("the welcome e-mail shows the login, temporary password, name, and 'Não informado' for no company", async () => {
    const vars = { ...sampleVariables('boas_vindas', context.publicUrl), cliente_empresa: '' };
    const out = await renderEmail(template('boas_vindas'), vars, context);
    for (const body of [out.html, out.text]) {
      expect(body).toContain('Não informado');
      expect(body).toContain('mariana@exemplo.com.br');
      expect(body).toContain('Exemplo7Senha3Tmp');
      expect(body).toContain('Mariana Souza');
    }
    expect(out.html).toContain('href="https://portal.exemplo.com.br/login"');
  });

  it('the reset e-mail links to /reset-password with the token', async () => {
    const out = await renderEmail(
      template('redefinir_senha'),
      sampleVariables('redefinir_senha', context.publicUrl),
      context,
    );
    expect(out.html).toContain('https://portal.exemplo.com.br/reset-password?token=exemplo');
    expect(out.text).toContain('https://portal.exemplo.com.br/reset-password?token=exemplo');
  });
});

describe('rendering safety', () => {
  it('escapes values in HTML bodies, keeps them plain in text', async () => {
    const vars = {
      ...sampleVariables('laudo_criado', context.publicUrl),
      laudo_nome: '<script>alert(1)</script><img src=x onerror=alert(2)>',
    };
    const out = await renderEmail(template('laudo_criado'), vars, context);
    expect(out.html).not.toContain('<script>alert(1)');
    expect(out.html).not.toContain('<img src=x');
    expect(out.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out.text).toContain('<script>alert(1)</script>');
  });

  it('refuses a subject that would carry a line break (header injection)', async () => {
    const vars = {
      ...sampleVariables('laudo_criado', context.publicUrl),
      laudo_nome: 'Caldeira\r\nBcc: vitima@exemplo.com',
    };
    await expect(renderEmail(template('laudo_criado'), vars, context)).rejects.toBeInstanceOf(
      HeaderInjectionError,
    );
  });

  it('refuses addresses and names with line breaks or that are not e-mails', () => {
    expect(() => assertEmailAddress('a@b.com\r\nBcc: c@d.com')).toThrow(HeaderInjectionError);
    expect(() => assertEmailAddress('não é e-mail')).toThrow('não é um endereço de e-mail válido');
    expect(() => parseMailbox('Firma\n <a@b.com>')).toThrow(HeaderInjectionError);
  });

  it('encodes a non-ASCII sender name', () => {
    expect(formatMailbox({ name: 'Laudos', address: 'a@b.com' })).toBe('"Laudos" <a@b.com>');
    expect(formatMailbox({ name: 'Inspeções SA', address: 'a@b.com' })).toMatch(
      /^=\?UTF-8\?B\?.+\?= <a@b\.com>$/,
    );
  });

  it('darkens the brand colour until white text on it meets WCAG AA', () => {
    const dark = brandColorForWhiteText('#0BA2E9');
    expect(dark).not.toBe('#0BA2E9');
    expect(brandColorForWhiteText('#1E3A8A')).toBe('#1E3A8A');
  });

  it('seals job payloads so a temporary password is not stored in clear', () => {
    const sealed = seal('segredo-'.repeat(5), { senha: 'Exemplo7Senha3Tmp' });
    expect(sealed).not.toContain('Exemplo7Senha3Tmp');
    expect(unseal('segredo-'.repeat(5), sealed)).toEqual({ senha: 'Exemplo7Senha3Tmp' });
    expect(() => unseal('outro-segredo-'.repeat(3), sealed)).toThrow();
  });
});

describe('template validation (when an admin saves)', () => {
  const ok = template('vencimento_7');
  it('refuses invalid syntax with a clear message', () => {
    expect(() =>
      validateTemplate('vencimento_7', { ...ok, html: '<p>{% if laudo_nome %}sem fim</p>' }),
    ).toThrow(/Erro de sintaxe no corpo HTML/);
  });
  it('refuses an unknown variable and lists the available ones', () => {
    expect(() => validateTemplate('vencimento_7', { ...ok, subject: 'Vence: {{ senha_do_admin }}' })).toThrow(
      /Variável desconhecida no assunto: \{\{ senha_do_admin \}\}\. Variáveis disponíveis: .*laudo_nome/,
    );
    // A variable of another type is unknown here too.
    expect(() => validateTemplate('vencimento_7', { ...ok, text: '{{ senha_temporaria }}' })).toThrow(
      /senha_temporaria/,
    );
  });
  it('refuses include/render tags and a subject with a line break', () => {
    expect(() => validateTemplate('vencimento_7', { ...ok, html: "{% include 'etc/passwd' %}" })).toThrow(
      /não é permitida/,
    );
    expect(() => validateTemplate('vencimento_7', { ...ok, subject: 'a\nb' })).toThrow(/quebras de linha/);
  });
  it('accepts loops over the lists a template offers', () => {
    const monthly = template('relatorio_mensal');
    expect(() =>
      validateTemplate('relatorio_mensal', {
        ...monthly,
        text: '{% for l in laudos_vencidos %}{{ l.nome }}{% endfor %}',
      }),
    ).not.toThrow();
  });
});
