import { z } from 'zod';

/** The camelCase feature object of a plan (spec section 3). */
export const planoFeaturesSchema = z.object({
  maxLaudos: z.number().int(),
  maxUsuarios: z.number().int(),
  notificacoes: z.boolean(),
  whatsappAlerts: z.boolean(),
  emailSupport: z.boolean(),
  prioritySupport: z.boolean(),
  customReports: z.boolean(),
  apiAccess: z.boolean(),
  dataExport: z.boolean(),
  customBranding: z.boolean(),
});
export type PlanoFeatures = z.infer<typeof planoFeaturesSchema>;

export interface PlanoRow {
  maxLaudos: number;
  maxUsuarios: number;
  notificacoes: boolean;
  whatsappAlerts: boolean;
  emailSupport: boolean;
  prioritySupport: boolean;
  customReports: boolean;
  apiAccess: boolean;
  dataExport: boolean;
  customBranding: boolean;
}

export function planoFeatures(p: PlanoRow): PlanoFeatures {
  return {
    maxLaudos: p.maxLaudos,
    maxUsuarios: p.maxUsuarios,
    notificacoes: p.notificacoes,
    whatsappAlerts: p.whatsappAlerts,
    emailSupport: p.emailSupport,
    prioritySupport: p.prioritySupport,
    customReports: p.customReports,
    apiAccess: p.apiAccess,
    dataExport: p.dataExport,
    customBranding: p.customBranding,
  };
}
