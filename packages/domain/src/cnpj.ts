/** CNPJ: 14 digits, the last two check digits (mod 11, weights 5..2,9..2 and 6..2,9..2). */

/** Only the digits of a typed CNPJ ("12.345.678/0001-95" → "12345678000195"). */
export function digitosDoCnpj(valor: string): string {
  return valor.replace(/\D/g, '');
}

function digitoVerificador(base: string): number {
  let soma = 0;
  let peso = base.length - 7;
  for (const c of base) {
    soma += Number(c) * peso;
    peso = peso === 2 ? 9 : peso - 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** Whether a CNPJ (typed with or without punctuation) has 14 digits and the right check digits. */
export function cnpjValido(valor: string): boolean {
  const d = digitosDoCnpj(valor);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const primeiro = digitoVerificador(d.slice(0, 12));
  const segundo = digitoVerificador(d.slice(0, 12) + primeiro);
  return d.endsWith(`${primeiro}${segundo}`);
}

/** "12345678000195" → "12.345.678/0001-95" (any other text is returned as it is). */
export function formatarCnpj(valor: string): string {
  const d = digitosDoCnpj(valor);
  if (d.length !== 14) return valor;
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}
