import type { AppSettings } from '@laudos/domain';
import { brandColorForWhiteText } from '../../email/layout.ts';

/** What a report shows of the brand: the name and the colour of its header. */
export interface MarcaDoRelatorio {
  nome: string;
  /** The header's colour, dark enough for white text on it (WCAG AA). */
  cor: string;
}

/**
 * The branding a company's report carries. Today every report carries the firm's (the site
 * settings, as the e-mails do); the plan feature `custom_branding` (a company's own logo and colour)
 * is not built yet and will answer here, from `empresaId`.
 */
export function marcaDoRelatorio(settings: AppSettings, _empresaId: string | null): MarcaDoRelatorio {
  return {
    nome: settings.branding.companyName,
    cor: brandColorForWhiteText(settings.branding.primaryColor),
  };
}
