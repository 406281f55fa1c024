import {
  type AppSettings,
  allowedTemplateVariables,
  calendarDayIn,
  type EmailTemplateType,
  formatDateBR,
} from '@laudos/domain';
import { Liquid } from 'liquidjs';
import { erro } from '../http/errors.ts';
import { assertNoLineBreak } from './address.ts';
import {
  type AcaoDoEmail,
  acoesTexto,
  brandColorForWhiteText,
  type DescadastroDoEmail,
  type MarcaDaEmpresaNoEmail,
  textFooter,
  wrapHtml,
} from './layout.ts';

/**
 * Templates are edited by admins, so the engine is Liquid: no code runs, no file is read
 * (include/render/layout are refused), variables are HTML-escaped in HTML bodies, and parsing and
 * rendering have size and time limits.
 */
const refusingFs = {
  readFileSync: () => {
    throw new Error('templates não podem incluir arquivos');
  },
  readFile: async () => {
    throw new Error('templates não podem incluir arquivos');
  },
  existsSync: () => false,
  exists: async () => false,
  contains: async () => false,
  resolve: (_root: string, file: string) => file,
};

const limits = { parseLimit: 200_000, renderLimit: 2_000, memoryLimit: 20_000_000, relativeReference: false };
const htmlEngine = new Liquid({
  ...limits,
  outputEscape: 'escape',
  strictFilters: true,
  ownPropertyOnly: true,
  fs: refusingFs,
});
const textEngine = new Liquid({ ...limits, strictFilters: true, ownPropertyOnly: true, fs: refusingFs });

const forbiddenTags = /\{%-?\s*(include|render|layout|block)\b/;

export interface TemplateParts {
  subject: string;
  html: string;
  text: string;
}

const fieldNames: Record<keyof TemplateParts, string> = {
  subject: 'assunto',
  html: 'corpo HTML',
  text: 'corpo em texto',
};

/** Refuses a template with invalid syntax, a forbidden tag or a variable its type does not offer. */
export function validateTemplate(type: EmailTemplateType, parts: TemplateParts): void {
  const allowed = new Set(allowedTemplateVariables(type));
  for (const key of ['subject', 'html', 'text'] as const) {
    const source = parts[key];
    const field = fieldNames[key];
    if (key === 'subject') {
      if (!source.trim()) throw invalid(`O ${field} não pode ficar vazio.`);
      if (/[\r\n]/.test(source)) throw invalid(`O ${field} não pode ter quebras de linha.`);
    }
    if (key !== 'subject' && !source.trim()) throw invalid(`O ${field} não pode ficar vazio.`);
    const tag = forbiddenTags.exec(source);
    if (tag) throw invalid(`O ${field} usa a tag "${tag[1]}", que não é permitida em templates.`);
    let variables: string[];
    try {
      const engine = key === 'html' ? htmlEngine : textEngine;
      variables = engine.globalVariablesSync(engine.parse(source));
    } catch (err) {
      throw invalid(`Erro de sintaxe no ${field}: ${(err as Error).message.split('\n')[0]}`);
    }
    const unknown = [...new Set(variables)].filter((v) => !allowed.has(v));
    if (unknown.length > 0) {
      throw invalid(
        `Variável desconhecida no ${field}: ${unknown.map((v) => `{{ ${v} }}`).join(', ')}. ` +
          `Variáveis disponíveis: ${[...allowed].join(', ')}.`,
      );
    }
  }
}

function invalid(message: string) {
  return erro('templateInvalido', message);
}

export interface RenderContext {
  settings: AppSettings;
  publicUrl: string;
  timeZone: string;
  now?: Date;
  /** The recipient company's branding, beside the firm's (plan feature `custom_branding`). */
  marcaDaEmpresa?: MarcaDaEmpresaNoEmail | null;
}

/** Variables every template may use, from the settings and the clock. */
export function commonVariables({ settings, publicUrl, timeZone, now = new Date() }: RenderContext) {
  const today = calendarDayIn(timeZone, now);
  return {
    sistema_url: publicUrl,
    data_atual: formatDateBR(today),
    ano: Number(today.slice(0, 4)),
    empresa_nome: settings.branding.companyName,
    empresa_email: settings.contact.email,
    empresa_telefone: settings.contact.phone,
    empresa_whatsapp: settings.contact.whatsapp,
    empresa_endereco: settings.contact.address,
    empresa_site: settings.contact.website,
    cor_primaria: brandColorForWhiteText(settings.branding.primaryColor),
  };
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Renders a template with its variables inside the shared layout, with the product's buttons below it. */
export async function renderEmail(
  template: TemplateParts,
  variables: Record<string, unknown>,
  context: RenderContext,
  acoes: readonly AcaoDoEmail[] = [],
  descadastro: DescadastroDoEmail | null = null,
): Promise<RenderedEmail> {
  const common = commonVariables(context);
  const scope = { ...variables, ...common };
  const subject = (await textEngine.parseAndRender(template.subject, scope)).trim();
  assertNoLineBreak(subject, 'O assunto');
  if (!subject) throw invalid('O assunto ficou vazio depois de preenchido.');
  const bodyHtml = await htmlEngine.parseAndRender(template.html, scope);
  const bodyText = (await textEngine.parseAndRender(template.text, scope)).trim();
  return {
    subject,
    html: wrapHtml({
      settings: context.settings,
      publicUrl: context.publicUrl,
      year: common.ano,
      subject,
      bodyHtml,
      marcaDaEmpresa: context.marcaDaEmpresa ?? null,
      acoes,
      descadastro,
    }),
    text: `${bodyText}${acoesTexto(acoes)}\n\n${textFooter(context.settings, common.ano, descadastro)}\n`,
  };
}
