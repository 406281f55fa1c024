// The API schemas of a company's branding (issue 18, `customBranding`; decision 026), shared by
// server and web.
import { z } from 'zod';
import { entrada } from './entrada.ts';

/** The most a logo upload may weigh (before re-encoding). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** #rrggbb, stored in lower case. */
export const corDaMarca = z
  .string('Informe a cor no formato #rrggbb.')
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Informe a cor no formato #rrggbb (por exemplo, #0b5394).')
  .transform((cor) => cor.toLowerCase());

/** PUT /api/empresa/marca (and the admin's): the colour, or null to drop it. */
export const salvarMarcaEntrada = entrada({ cor: corDaMarca.nullable() });
export type SalvarMarca = z.input<typeof salvarMarcaEntrada>;

/** GET/PUT: the company's branding, and whether its plan shows it on reports and e-mails. */
export const marcaDaEmpresaSchema = z.object({
  cor: z.string().nullable(),
  /** The logo's address (versioned), or null. */
  logoUrl: z.string().nullable(),
  /** The plan includes `customBranding`: reports and e-mails carry the branding. */
  ativa: z.boolean(),
});
export type MarcaDaEmpresa = z.infer<typeof marcaDaEmpresaSchema>;
