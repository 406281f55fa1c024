import type { AppSettings } from '@laudos/domain';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The brand colour, darkened just enough for white text on it to meet WCAG AA (4.5:1): buttons
 * and the header carry white text. #0BA2E9 becomes a deeper blue of the same hue.
 */
export function brandColorForWhiteText(hex: string): string {
  let [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  const toHex = () =>
    `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
  for (let i = 0; i < 40 && 1.05 / (luminance(toHex()) + 0.05) < 4.5; i++) {
    r *= 0.95;
    g *= 0.95;
    b *= 0.95;
  }
  return toHex();
}

/**
 * A button the product adds below the template's body (the reminders' answer links, issue 19):
 * drawn by the layout, so an admin's edit of a template's text can never drop it.
 */
export interface AcaoDoEmail {
  rotulo: string;
  /** An absolute address built by the server (never from a template or user input). */
  href: string;
}

/**
 * The unsubscribe links of a non-transactional e-mail (RFC 8058; decision 035), built by the server
 * for one person and kind of message: `umClique` goes in `List-Unsubscribe` (POSTed by the mail
 * provider), `pagina` in the footer, `mailto` in the header beside the HTTPS one.
 */
export interface DescadastroDoEmail {
  umClique: string;
  pagina: string;
  mailto: string;
}

export interface LayoutInput {
  settings: AppSettings;
  publicUrl: string;
  year: number;
  subject: string;
  /** Already rendered and escaped inner HTML. */
  bodyHtml: string;
  /** Short preview text shown by mail clients next to the subject. */
  preheader?: string;
  /** The recipient company's own branding, shown under the firm's header (decision 026). */
  marcaDaEmpresa?: MarcaDaEmpresaNoEmail | null;
  acoes?: readonly AcaoDoEmail[];
  descadastro?: DescadastroDoEmail | null;
}

/** A company's branding in an e-mail: its logo goes as an inline image (`cid:`), not a link. */
export interface MarcaDaEmpresaNoEmail {
  nome: string;
  /** #rrggbb, or null. */
  cor: string | null;
  /** The Content-ID of the logo attached inline, or null. */
  logoCid: string | null;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** The company's band: its logo (or name) over a rule of its colour. Every value escaped or checked. */
function faixaDaEmpresa(marca: MarcaDaEmpresaNoEmail): string {
  const nome = escapeHtml(marca.nome);
  // Validated when saved; checked again here because it lands in a style attribute.
  const cor = marca.cor && HEX.test(marca.cor) ? marca.cor : '#e2e8f0';
  const conteudo = marca.logoCid
    ? `<img src="cid:${escapeHtml(marca.logoCid)}" alt="${nome}" height="48" style="display:block;height:48px;max-width:240px;border:0">`
    : `<span style="font-size:18px;font-weight:bold;color:#0f172a">${nome}</span>`;
  return `<tr><td style="padding:16px 32px;background:#ffffff;border-bottom:4px solid ${cor}">${conteudo}</td></tr>`;
}

/** The actions' block: a short lead and one button each, side by side where they fit. */
function acoesHtml(acoes: readonly AcaoDoEmail[], color: string): string {
  if (acoes.length === 0) return '';
  const botoes = acoes
    .map(
      (a, i) =>
        `<a href="${escapeHtml(a.href)}" style="display:inline-block;margin:0 8px 8px 0;padding:12px 20px;border-radius:6px;font-weight:bold;font-size:15px;line-height:20px;text-decoration:none;${
          i === 0
            ? `background:${color};color:#ffffff;border:2px solid ${color}`
            : `background:#ffffff;color:${color};border:2px solid ${color}`
        }">${escapeHtml(a.rotulo)}</a>`,
    )
    .join('');
  return `<div style="margin:24px 0 0;padding:16px 0 0;border-top:1px solid #e2e8f0">
<p style="margin:0 0 12px;font-size:15px;line-height:1.5;color:#0f172a">Responda com um clique, sem precisar entrar no portal:</p>
${botoes}
</div>`;
}

function absoluteUrl(url: string, base: string): string | null {
  if (/^https:\/\//i.test(url)) return url;
  if (url.startsWith('/')) return `${base}${url}`;
  return null;
}

/**
 * One responsive layout for every e-mail: a 600 px container (fluid below that; a fixed 600 px
 * ghost table for Outlook), branded header, contact footer.
 */
export function wrapHtml({
  settings,
  publicUrl,
  year,
  subject,
  bodyHtml,
  preheader,
  marcaDaEmpresa,
  acoes = [],
  descadastro,
}: LayoutInput): string {
  const { branding, contact } = settings;
  const color = brandColorForWhiteText(branding.primaryColor);
  const company = escapeHtml(branding.companyName);
  const logo = branding.logo ? absoluteUrl(branding.logo, publicUrl) : null;
  const brand = logo
    ? `<img src="${escapeHtml(logo)}" alt="${company}" height="40" style="display:block;height:40px;max-width:220px;border:0">`
    : `<span style="font-size:20px;font-weight:bold;color:#ffffff;letter-spacing:0.2px">${company}</span>`;
  const contactLines = [
    contact.email &&
      `<a href="mailto:${escapeHtml(contact.email)}" style="color:#475569">${escapeHtml(contact.email)}</a>`,
    contact.phone && escapeHtml(contact.phone),
    contact.address && escapeHtml(contact.address),
    // Only a web address becomes a link: escaping does not stop a "javascript:" one.
    contact.website &&
      (/^https?:\/\//i.test(contact.website)
        ? `<a href="${escapeHtml(contact.website)}" style="color:#475569">${escapeHtml(contact.website.replace(/^https?:\/\//, ''))}</a>`
        : escapeHtml(contact.website)),
  ].filter(Boolean);
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;-webkit-text-size-adjust:100%">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(preheader ?? subject)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f1f5f9">
<tr><td align="center" style="padding:24px 12px">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<tr><td style="background:${color};padding:20px 32px">${brand}</td></tr>
${marcaDaEmpresa ? faixaDaEmpresa(marcaDaEmpresa) : ''}<tr><td style="padding:32px;font-size:15px;line-height:1.6;color:#0f172a">
${bodyHtml}
${acoesHtml(acoes, color)}
</td></tr>
<tr><td style="padding:20px 32px;background:#f8fafc;border-top:1px solid #e2e8f0;font-size:12px;line-height:1.6;color:#475569">
<strong style="color:#0f172a">${company}</strong><br>
${contactLines.join(' &middot; ')}<br>
<span>Você recebe este e-mail porque tem uma conta no portal de laudos da ${company}.</span><br>
${descadastro ? `<span>Não quer mais receber estes e-mails? <a href="${escapeHtml(descadastro.pagina)}" style="color:#475569">Descadastre-se</a>.</span><br>\n` : ''}<span>&copy; ${year} ${company}. Todos os direitos reservados.</span>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>`;
}

/** The actions in a text body: one line each, before the footer. */
export function acoesTexto(acoes: readonly AcaoDoEmail[]): string {
  if (acoes.length === 0) return '';
  return `\n\nResponda com um clique, sem precisar entrar no portal:\n${acoes.map((a) => `- ${a.rotulo}: ${a.href}`).join('\n')}`;
}

/** The plain-text footer appended to every text body. */
export function textFooter(
  settings: AppSettings,
  year: number,
  descadastro?: DescadastroDoEmail | null,
): string {
  const { branding, contact } = settings;
  const lines = [
    '--',
    branding.companyName,
    [contact.email, contact.phone].filter(Boolean).join(' · '),
    contact.address,
    contact.website,
    `Você recebe este e-mail porque tem uma conta no portal de laudos da ${branding.companyName}.`,
    descadastro && `Não quer mais receber estes e-mails? Descadastre-se: ${descadastro.pagina}`,
    `© ${year} ${branding.companyName}.`,
  ].filter(Boolean);
  return lines.join('\n');
}
