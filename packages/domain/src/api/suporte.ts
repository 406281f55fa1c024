// The API schemas of the support area (issue 18, `emailSupport` / `prioritySupport`; decision 027),
// shared by server and web.
import { z } from 'zod';
import { entrada } from './entrada.ts';

export const STATUS_DE_CHAMADO = ['aberto', 'respondido', 'fechado'] as const;
export type StatusDeChamado = (typeof STATUS_DE_CHAMADO)[number];
/** How each status reads to people. */
export const ROTULO_DO_STATUS_DE_CHAMADO: Record<StatusDeChamado, string> = {
  aberto: 'Aguardando a firma',
  respondido: 'Respondido',
  fechado: 'Fechado',
};

/** The attachment a message may carry: PDF or image, up to the laudo files' size limit. */
export const TIPOS_DE_ANEXO = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;

const mensagem = z
  .string('Escreva a mensagem.')
  .trim()
  .min(1, 'Escreva a mensagem.')
  .max(10_000, 'A mensagem pode ter até 10.000 caracteres.');

/** POST /api/suporte/chamados. */
export const abrirChamadoEntrada = entrada({
  assunto: z
    .string('Informe o assunto.')
    .trim()
    .min(1, 'Informe o assunto.')
    .max(150, 'O assunto pode ter até 150 caracteres.'),
  mensagem,
  laudoId: z.uuid('Laudo não encontrado.').nullable().optional(),
});
export type NovoChamado = z.input<typeof abrirChamadoEntrada>;

/** POST …/chamados/:id/mensagens (client or admin). */
export const responderChamadoEntrada = entrada({ mensagem });

/** GET /api/admin/suporte/chamados. */
export const chamadosAdminQuery = z.object({
  status: z.enum([...STATUS_DE_CHAMADO, 'todos'], 'Situação inválida.').default('aberto'),
});

function esquemasDoChamado<I extends z.ZodType>(instante: I) {
  const resumo = z.object({
    id: z.string(),
    assunto: z.string(),
    status: z.enum(STATUS_DE_CHAMADO),
    /** The company's plan in force includes `prioritySupport` (read now, not at creation). */
    prioritario: z.boolean(),
    empresa: z.string(),
    autor: z.string().nullable(),
    laudo: z.object({ id: z.string(), nome: z.string(), codigo: z.string() }).nullable(),
    criadoEm: instante,
    atualizadoEm: instante,
  });
  const mensagemDoChamado = z.object({
    id: z.string(),
    daFirma: z.boolean(),
    autor: z.string().nullable(),
    corpo: z.string(),
    anexo: z.object({ nome: z.string(), bytes: z.number() }).nullable(),
    criadoEm: instante,
  });
  return {
    resumo,
    mensagem: mensagemDoChamado,
    lista: z.object({ chamados: z.array(resumo) }),
    conversa: z.object({ chamado: resumo, mensagens: z.array(mensagemDoChamado) }),
    aberto: z.object({ chamado: resumo, mensagemId: z.string() }),
    respondido: z.object({ mensagemId: z.string() }),
  };
}

export const suporteNoServidor = esquemasDoChamado(z.date());
export const suporteNaWeb = esquemasDoChamado(z.string());
export type Chamado = z.infer<typeof suporteNaWeb.resumo>;
export type MensagemDeChamado = z.infer<typeof suporteNaWeb.mensagem>;
export type ConversaDeChamado = z.infer<typeof suporteNaWeb.conversa>;
