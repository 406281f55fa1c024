import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A WhatsApp number as the person typed it ("(11) 98888-7777", "+55 11 98888-7777") → E.164
 * (+5511988887777), Brazil by default; null when it is not a valid mobile or fixed number.
 */
export function numeroE164(texto: string): string | null {
  const n = parsePhoneNumberFromString(texto.trim(), 'BR');
  if (!n?.isValid()) return null;
  const tipo = n.getType();
  if (tipo && tipo !== 'MOBILE' && tipo !== 'FIXED_LINE_OR_MOBILE') return null;
  return n.number;
}
