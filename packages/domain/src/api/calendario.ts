// The API schemas of a person's private calendar feed (issue 20; decision 034), shared by server
// and web.
import { z } from 'zod';

/** The alarms of every event, in days before the due date (display alarms). */
export const ALARMES_DO_CALENDARIO_DIAS = [30, 7, 1] as const;

/** How far back the feed goes: due dates from this many days ago onward. */
export const CALENDARIO_DIAS_PASSADOS = 365;

function esquemasDoCalendario<I extends z.ZodType>(instante: I) {
  return {
    /** GET /api/calendario: whether the person has a feed and since when (the URL is never shown again). */
    estado: z.object({ ativo: z.boolean(), criadoEm: instante.nullable() }),
    /** POST /api/calendario: the feed's URL, shown this one time only. */
    criado: z.object({ url: z.string(), criadoEm: instante }),
  };
}

export const calendarioNoServidor = esquemasDoCalendario(z.date());
export const calendarioNaWeb = esquemasDoCalendario(z.string());
export type EstadoDoCalendario = z.infer<typeof calendarioNaWeb.estado>;
export type CalendarioCriado = z.infer<typeof calendarioNaWeb.criado>;
