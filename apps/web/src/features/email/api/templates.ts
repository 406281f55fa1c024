import { emailTemplateTypes } from '@laudos/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { asArray, asBoolean, asNullableString, asRecord, asString } from '../../../lib/parse';
import { emailKey } from './keys';

/** A template in the list (GET /api/admin/email/templates). */
export type TemplateResumo = {
  type: string;
  name: string;
  subject: string;
  active: boolean;
  urgencyLevel: string;
  /** Changed by an admin: differs from the default. */
  editado: boolean;
  updatedAt: string;
};

export type Template = TemplateResumo & {
  html: string;
  text: string;
  /** The variables this type may use, without braces. */
  variaveis: string[];
};

export type ConteudoTemplate = { subject: string; html: string; text: string };

export type ResultadoTeste = {
  success: boolean;
  error: string | null;
  provider: string;
  messageId: string | null;
};

function parseResumo(value: unknown, path: string): TemplateResumo {
  const template = asRecord(value, path);
  return {
    type: asString(template.type, `${path}.type`),
    name: asString(template.name, `${path}.name`),
    subject: asString(template.subject, `${path}.subject`),
    active: asBoolean(template.active, `${path}.active`),
    urgencyLevel: asString(template.urgencyLevel, `${path}.urgencyLevel`),
    editado: asBoolean(template.editado, `${path}.editado`),
    updatedAt: asString(template.updatedAt, `${path}.updatedAt`),
  };
}

function parseTemplate(value: unknown, path = 'template'): Template {
  const template = asRecord(value, path);
  return {
    ...parseResumo(template, path),
    html: asString(template.html, `${path}.html`),
    text: asString(template.text, `${path}.text`),
    variaveis: asArray(template.variaveis ?? [], `${path}.variaveis`, asString),
  };
}

function parseTemplateResposta(data: unknown): Template {
  return parseTemplate(asRecord(data, 'resposta').template);
}

/** The order of the domain's list (new laudo, reminders by urgency, notices, account e-mails). */
function ordem(type: string): number {
  const index = (emailTemplateTypes as readonly string[]).indexOf(type);
  return index === -1 ? emailTemplateTypes.length : index;
}

const templatesKey = [...emailKey, 'templates'] as const;

export const templatesQueryOptions = queryOptions({
  queryKey: [...templatesKey, 'lista'],
  queryFn: ({ signal }) =>
    apiFetch('/admin/email/templates', {
      signal,
      parse: (data: unknown) =>
        asArray(asRecord(data, 'resposta').templates, 'templates', parseResumo).sort(
          (a, b) => ordem(a.type) - ordem(b.type),
        ),
    }),
});

export function useTemplates() {
  return useQuery(templatesQueryOptions);
}

function templatePath(type: string): string {
  return `/admin/email/templates/${encodeURIComponent(type)}`;
}

export function templateQueryOptions(type: string) {
  return queryOptions({
    queryKey: [...templatesKey, type],
    queryFn: ({ signal }) => apiFetch(templatePath(type), { signal, parse: parseTemplateResposta }),
  });
}

export function useTemplate(type: string) {
  return useQuery(templateQueryOptions(type));
}

/**
 * The template rendered with sample data (POST .../preview). A query, not a mutation: the editor
 * asks again whenever the (debounced) content changes, and only the latest answer counts.
 */
export function previewQueryOptions(type: string, conteudo: ConteudoTemplate) {
  return queryOptions({
    queryKey: [...templatesKey, type, 'preview', conteudo],
    queryFn: ({ signal }) =>
      apiFetch(`${templatePath(type)}/preview`, {
        method: 'POST',
        body: conteudo,
        signal,
        parse: (data: unknown) => {
          const body = asRecord(data, 'resposta');
          return {
            subject: asString(body.subject, 'subject'),
            html: asString(body.html, 'html'),
            text: asString(body.text, 'text'),
          };
        },
      }),
    // A 400 is the author's mistake, shown as is: asking again would not change it.
    retry: false,
    // Keep the last good preview on screen while the next one renders.
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

export function usePreviewTemplate(type: string, conteudo: ConteudoTemplate) {
  return useQuery(previewQueryOptions(type, conteudo));
}

function useTemplateMutation<TInput>(type: string, mutationFn: (input: TInput) => Promise<Template>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (template) => {
      queryClient.setQueryData(templateQueryOptions(type).queryKey, template);
      await queryClient.invalidateQueries({ queryKey: templatesQueryOptions.queryKey });
    },
  });
}

/** PUT: 400 with the reason on bad syntax or an unknown variable. */
export function useSalvarTemplate(type: string) {
  return useTemplateMutation(type, (input: ConteudoTemplate & { active: boolean }) =>
    apiFetch(templatePath(type), { method: 'PUT', body: input, parse: parseTemplateResposta }),
  );
}

/** Back to the default text. */
export function useRestaurarTemplate(type: string) {
  return useTemplateMutation<void>(type, () =>
    apiFetch(`${templatePath(type)}/restaurar`, { method: 'POST', parse: parseTemplateResposta }),
  );
}

/** Sends the saved template, with sample data, to one address. */
export function useEnviarTeste(type: string) {
  return useMutation({
    mutationFn: (to: string): Promise<ResultadoTeste> =>
      apiFetch(`${templatePath(type)}/teste`, {
        method: 'POST',
        body: { to },
        parse: (data: unknown) => {
          const body = asRecord(data, 'resposta');
          return {
            success: asBoolean(body.success, 'success'),
            error: asNullableString(body.error, 'error'),
            provider: asString(body.provider, 'provider'),
            messageId: asNullableString(body.messageId, 'messageId'),
          };
        },
      }),
  });
}
