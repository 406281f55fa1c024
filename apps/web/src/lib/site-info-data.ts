import type { SiteInfo } from '@laudos/domain';

/*
 * Kept free of React: the public pages' small script reads it too.
 */

/**
 * The firm's branding and contact details, from the server's settings. The server renders the
 * public pages with them and writes them into every page it sends (see `readSiteInfo`), so no page
 * waits for a request to show the company's name or WhatsApp number.
 */
export type { SiteInfo };

/** The settings' defaults (spec section 9), used until the server says otherwise. */
export const defaultSiteInfo: SiteInfo = Object.freeze({
  companyName: 'Laudos Engenharia',
  primaryColor: '#0BA2E9',
  logo: null,
  contact: Object.freeze({
    email: 'contato@laudos.com.br',
    phone: '(11) 4000-0000',
    whatsapp: '5511999999999',
    address: 'São Paulo - SP',
    website: 'https://laudos.com.br',
  }),
  // APP_TIMEZONE's default; the server writes its own into every page.
  timeZone: 'America/Sao_Paulo',
});

/** The id of the JSON block the server writes into every page (never executed: CSP-safe). */
export const SITE_INFO_ELEMENT_ID = 'site-info';

/** The site info the server wrote into this page, or the defaults (e.g. under Vite's dev server). */
export function readSiteInfo(doc: Document = document): SiteInfo {
  const text = doc.getElementById(SITE_INFO_ELEMENT_ID)?.textContent;
  if (!text) return defaultSiteInfo;
  try {
    const data: unknown = JSON.parse(text);
    return isSiteInfo(data) ? data : defaultSiteInfo;
  } catch {
    return defaultSiteInfo;
  }
}

function isSiteInfo(value: unknown): value is SiteInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const contact = v.contact as Record<string, unknown> | undefined;
  return (
    typeof v.companyName === 'string' &&
    typeof v.primaryColor === 'string' &&
    typeof v.timeZone === 'string' &&
    (v.logo === null || typeof v.logo === 'string') &&
    typeof contact === 'object' &&
    contact !== null &&
    ['email', 'phone', 'whatsapp', 'address', 'website'].every((k) => typeof contact[k] === 'string')
  );
}
