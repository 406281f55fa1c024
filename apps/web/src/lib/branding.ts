/**
 * Company branding. These are the defaults until the server's settings provide the real values
 * (a later task); keep every use going through this object so that switch is one place.
 */
export const branding = Object.freeze({
  companyName: 'Laudos',
  primaryColor: '#0BA2E9',
  // Placeholder address until the company's real contact comes from the server settings.
  contactEmail: 'contato@laudos.com.br',
});
