import type { AppSettings } from '@laudos/domain';
import type { DbOrTx } from '../../db/client.ts';
import { brandColorForWhiteText } from '../../email/layout.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { lerLogoEmVigor } from '../marca/service.ts';

/** What a report shows of the brand: the firm's name and colour, and the company's beside them. */
export interface MarcaDoRelatorio {
  nome: string;
  /** The header's colour, dark enough for white text on it (WCAG AA). */
  cor: string;
  /** The company's own branding (plan feature `custom_branding`), or null: the firm's alone. */
  daEmpresa: { cor: string | null; logo: Buffer | null } | null;
}

/**
 * The branding a company's report carries: always the firm's (the site settings, as the e-mails
 * do), and the company's logo and colour beside it while its plan includes `customBranding`
 * (decision 026). A company that loses the feature falls back to the firm's brand alone; what it
 * saved stays saved.
 */
export async function marcaDoRelatorio(
  ctx: { db: DbOrTx; settings: AppSettings; storage?: FileStorage },
  empresaId: string | null,
): Promise<MarcaDoRelatorio> {
  return {
    nome: ctx.settings.branding.companyName,
    cor: brandColorForWhiteText(ctx.settings.branding.primaryColor),
    daEmpresa: await lerLogoEmVigor(ctx.db, ctx.storage, empresaId),
  };
}
