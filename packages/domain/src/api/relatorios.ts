// The API schemas of the reports (plan feature `custom_reports`), shared by server and web.
import { z } from 'zod';
import { isIsoDate } from '../dates.ts';

const dataIso = z.string().refine(isIsoDate, 'Data inválida: use AAAA-MM-DD.');

/**
 * GET /api/relatorios/situacao: the filters of the "Relatório de situação" (PDF). The period is on
 * the due date; `empresaId` is the admin's choice of company (a client's report is always their
 * own scope, and a client's `empresaId` is refused by the route).
 */
export const relatorioSituacaoQuery = z
  .object({
    tipo: z.string().trim().min(1, 'Tipo de laudo inválido.').max(80, 'Tipo de laudo inválido.').optional(),
    status: z
      .enum(['ativo', 'vencendo', 'vencido'], 'Situação inválida: use ativo, vencendo ou vencido.')
      .optional(),
    vencimentoDe: dataIso.optional(),
    vencimentoAte: dataIso.optional(),
    empresaId: z.uuid('Empresa inválida.').optional(),
  })
  .strict()
  .refine((f) => !f.vencimentoDe || !f.vencimentoAte || f.vencimentoDe <= f.vencimentoAte, {
    message: 'O início do período deve ser anterior ou igual ao fim.',
    path: ['vencimentoAte'],
  });
export type RelatorioSituacaoFiltro = z.infer<typeof relatorioSituacaoQuery>;
