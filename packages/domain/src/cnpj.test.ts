import { describe, expect, it } from 'vitest';
import { cnpjValido, digitosDoCnpj, formatarCnpj } from './cnpj.ts';

describe('CNPJ', () => {
  it('accepts a CNPJ with the right check digits, with or without punctuation', () => {
    expect(cnpjValido('11.222.333/0001-81')).toBe(true);
    expect(cnpjValido('11222333000181')).toBe(true);
    expect(cnpjValido('04.252.011/0001-10')).toBe(true);
  });
  it('refuses wrong check digits, wrong lengths and repeated digits', () => {
    expect(cnpjValido('11.222.333/0001-82')).toBe(false);
    expect(cnpjValido('1122233300018')).toBe(false);
    expect(cnpjValido('00000000000000')).toBe(false);
    expect(cnpjValido('')).toBe(false);
  });
  it('formats the 14 digits and keeps only digits', () => {
    expect(formatarCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(digitosDoCnpj('11.222.333/0001-81')).toBe('11222333000181');
  });
});
