import { emailTemplateTypes } from '@laudos/domain';
import {
  type ConteudoDeTemplate,
  type ResultadoDoTesteDeTemplate,
  respostasDeEmailWeb,
  type TemplateDeEmail,
  type TemplateDeEmailResumo,
} from '@laudos/domain/api';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseWith } from '../../../lib/parse';
import { emailKey } from './keys';

/** A template in the list (GET /api/admin/email/templates). */
export type TemplateResumo = TemplateDeEmailResumo;
/** A template with its content and the variables its type may use (without braces). */
export type Template = TemplateDeEmail;
export type ConteudoTemplate = ConteudoDeTemplate;

const lerTemplate = (data: unknown): Template => parseWith(respostasDeEmailWeb.template)(data).template;

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
      parse: (data: unknown): TemplateResumo[] =>
        parseWith(respostasDeEmailWeb.templates)(data).templates.sort(
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
    queryFn: ({ signal }) => apiFetch(templatePath(type), { signal, parse: lerTemplate }),
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
        parse: parseWith(respostasDeEmailWeb.previa),
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
    apiFetch(templatePath(type), { method: 'PUT', body: input, parse: lerTemplate }),
  );
}

/** Back to the default text. */
export function useRestaurarTemplate(type: string) {
  return useTemplateMutation<void>(type, () =>
    apiFetch(`${templatePath(type)}/restaurar`, { method: 'POST', parse: lerTemplate }),
  );
}

/** Sends the saved template, with sample data, to one address. */
export function useEnviarTeste(type: string) {
  return useMutation({
    mutationFn: (to: string): Promise<ResultadoDoTesteDeTemplate> =>
      apiFetch(`${templatePath(type)}/teste`, {
        method: 'POST',
        body: { to },
        parse: parseWith(respostasDeEmailWeb.teste),
      }),
  });
}
