import { type AppSettings, allowedTemplateVariables, isEmailTemplateType } from '@laudos/domain';
import { asc, eq } from 'drizzle-orm';
import { type Ator, registrarAlteracao } from '../../auditoria/registrar.ts';
import type { DbOrTx } from '../../db/client.ts';
import { emailTemplates } from '../../db/schema.ts';
import { assertEmailAddress } from '../../email/address.ts';
import type { EmailService } from '../../email/delivery.ts';
import { renderEmail, type TemplateParts, validateTemplate } from '../../email/render.ts';
import { sampleVariables } from '../../email/samples.ts';
import { restoreDefaultEmailTemplate, saveEmailTemplate } from '../../email/service.ts';
import { AppError, erro } from '../../http/errors.ts';

/** The templates in the admin's order: new laudo, reminders from the farthest, notices, the rest. */
function ordem(type: string): string {
  const m = /^(vencimento|vencido)_(\d+)$/.exec(type);
  if (!m) return type === 'laudo_criado' ? '0' : `9${type}`;
  return m[1] === 'vencimento'
    ? `1${String(1000 - Number(m[2])).padStart(4, '0')}`
    : `2${m[2]!.padStart(4, '0')}`;
}

function toTemplateResumoApi(t: typeof emailTemplates.$inferSelect) {
  return {
    type: t.type,
    name: t.name,
    subject: t.subject,
    active: t.active,
    urgencyLevel: t.urgencyLevel,
    editado: t.editedAt !== null,
    updatedAt: t.updatedAt,
  };
}

function toTemplateApi(t: typeof emailTemplates.$inferSelect) {
  return {
    template: {
      ...toTemplateResumoApi(t),
      html: t.htmlContent,
      text: t.textContent,
      variaveis: isEmailTemplateType(t.type) ? allowedTemplateVariables(t.type) : [],
    },
  };
}

export async function listarTemplates(db: DbOrTx) {
  const rows = await db.select().from(emailTemplates).orderBy(asc(emailTemplates.name));
  rows.sort((a, b) => ordem(a.type).localeCompare(ordem(b.type)));
  return { templates: rows.map(toTemplateResumoApi) };
}

/** One template, with the variables its type may use. */
export async function buscarTemplate(db: DbOrTx, type: string) {
  const [t] = await db.select().from(emailTemplates).where(eq(emailTemplates.type, type));
  if (!t) throw erro('templateNaoEncontrado', type);
  return toTemplateApi(t);
}

/** The template as its audit entries compare it (CAMPOS_AUDITADOS.template), under the row lock. */
async function templateAntes(tx: DbOrTx, type: string) {
  const [t] = await tx
    .select({
      name: emailTemplates.name,
      subject: emailTemplates.subject,
      htmlContent: emailTemplates.htmlContent,
      textContent: emailTemplates.textContent,
      active: emailTemplates.active,
    })
    .from(emailTemplates)
    .where(eq(emailTemplates.type, type))
    .for('update');
  if (!t) throw erro('templateNaoEncontrado', type);
  return t;
}

/** An admin's edit, validated (syntax, variables) and marked as edited; its old and new text logged. */
export async function salvarTemplate(
  db: DbOrTx,
  type: string,
  input: TemplateParts & { active?: boolean | undefined },
  auditor: Ator,
) {
  const { active, ...partes } = input;
  const row = await db.transaction(async (tx) => {
    const antes = await templateAntes(tx, type);
    const depois = await saveEmailTemplate(tx, type, active === undefined ? partes : { ...partes, active });
    await registrarAlteracao(tx, auditor, {
      entidade: 'template',
      entidadeId: type,
      empresaId: null,
      antes,
      depois,
    });
    return depois;
  });
  return toTemplateApi(row);
}

/** Back to the shipped default (an entry with what the admin's text was, when it differed). */
export async function restaurarTemplate(db: DbOrTx, type: string, auditor: Ator) {
  const row = await db.transaction(async (tx) => {
    const antes = await templateAntes(tx, type);
    const depois = await restoreDefaultEmailTemplate(tx, type);
    if (!depois) throw erro('templateNaoEncontrado', type);
    await registrarAlteracao(tx, auditor, {
      entidade: 'template',
      entidadeId: type,
      acao: 'restaurou',
      empresaId: null,
      antes,
      depois,
    });
    return depois;
  });
  return toTemplateApi(row);
}

interface Previa {
  settings: AppSettings;
  publicUrl: string;
  timeZone: string;
}

/** The content, unsaved, rendered with the type's sample data inside the shared layout. */
export async function previsualizarTemplate(type: string, partes: TemplateParts, contexto: Previa) {
  if (!isEmailTemplateType(type)) throw erro('templateNaoEncontrado', type);
  validateTemplate(type, partes);
  try {
    return await renderEmail(partes, sampleVariables(type, contexto.publicUrl), contexto);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw erro('templateInvalido', `Erro ao montar o e-mail: ${(err as Error).message}`);
  }
}

interface Teste {
  to: string;
  publicUrl: string;
  /** The admin who asked for it. */
  userId: string | null;
}

/** Sends the saved template, with sample data, to one address, now (not through the queue). */
export async function enviarTesteDeTemplate(
  email: Pick<EmailService, 'sendNow'>,
  type: string,
  { to, publicUrl, userId }: Teste,
) {
  if (!isEmailTemplateType(type)) throw erro('templateNaoEncontrado', type);
  assertEmailAddress(to);
  const r = await email.sendNow({
    type,
    to,
    variables: sampleVariables(type, publicUrl),
    userId,
    metadata: { teste: true },
  });
  return {
    success: r.success,
    provider: r.provider,
    ...(r.error ? { error: r.error } : {}),
    ...(r.messageId ? { messageId: r.messageId } : {}),
  };
}
