// The API schemas of the notification preferences and the one-click unsubscribe (issue 20,
// decision 035), shared by server and web.
import { z } from 'zod';
import { CANAIS_DE_MENSAGEM, TIPOS_DE_MENSAGEM } from '../preferencias.ts';

export const tipoDeMensagem = z.enum(TIPOS_DE_MENSAGEM, 'Tipo de mensagem desconhecido.');
export const canalDeMensagem = z.enum(CANAIS_DE_MENSAGEM, 'Canal desconhecido.');

/** One cell of the grid: a kind on a channel. */
export const preferenciaItem = z.object({
  tipo: tipoDeMensagem,
  canal: canalDeMensagem,
  ativo: z.boolean('Informe se deseja receber (verdadeiro ou falso).'),
});
export type PreferenciaItem = z.infer<typeof preferenciaItem>;

/** GET /api/preferencias and the reply of PUT. */
export const preferenciasResposta = z.object({
  itens: z.array(preferenciaItem),
  /** Kinds the firm requires: sent whatever the person chose. */
  obrigatorios: z.array(tipoDeMensagem),
  whatsapp: z.object({
    /** Whether the person's company plan includes `whatsappAlerts`. */
    noPlano: z.boolean(),
    /** Whether the person opted in to WhatsApp messages (built with the WhatsApp channel). */
    optIn: z.boolean(),
  }),
});
export type Preferencias = z.infer<typeof preferenciasResposta>;

/** PUT /api/preferencias: the cells to change (the others stay as they are). */
export const preferenciasEntrada = z.strictObject({
  itens: z.array(preferenciaItem).min(1, 'Informe ao menos uma preferência.').max(20),
});

/** GET and POST /api/descadastro/:token: what the link turns off, and whether it is off now. */
export const descadastroResposta = z.object({
  tipo: tipoDeMensagem,
  rotulo: z.string(),
  email: z.string(),
  descadastrado: z.boolean(),
  obrigatorio: z.boolean(),
});
export type Descadastro = z.infer<typeof descadastroResposta>;
