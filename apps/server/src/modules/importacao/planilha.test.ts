import { describe, expect, it } from 'vitest';
import { decodificarTexto, registrosCsv } from './planilha.ts';
import { dataDaPlanilha } from './service.ts';

describe('reading a CSV as spreadsheets save it', () => {
  it('keeps separators, line breaks and doubled quotes inside quoted fields', () => {
    expect(registrosCsv('a;"b;c";"d ""e"""\r\n"f\r\ng";h\r\n', ';')).toEqual([
      ['a', 'b;c', 'd "e"'],
      ['f\r\ng', 'h'],
    ]);
    expect(registrosCsv('a,b\nc,d', ',')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('UTF-8 with or without BOM, else Windows-1252', () => {
    expect(decodificarTexto(Buffer.from('\uFEFFInspeção', 'utf8'))).toBe('Inspeção');
    expect(decodificarTexto(Buffer.from('Inspeção', 'utf8'))).toBe('Inspeção');
    expect(
      decodificarTexto(Buffer.from([0x49, 0x6e, 0x73, 0x70, 0x65, 0xe7, 0xe3, 0x6f, 0x20, 0x80, 0x93, 0x96])),
    ).toBe('Inspeção €“–');
  });
});

describe('dates of a row', () => {
  it('dd/mm/aaaa (or d/m/aaaa) and AAAA-MM-DD, real calendar days only', () => {
    expect(dataDaPlanilha('31/12/2027')).toBe('2027-12-31');
    expect(dataDaPlanilha('1/2/2028')).toBe('2028-02-01');
    expect(dataDaPlanilha('2028-02-29')).toBe('2028-02-29');
    expect(dataDaPlanilha('29/02/2027')).toBeNull();
    expect(dataDaPlanilha('2027/12/31')).toBeNull();
    expect(dataDaPlanilha('12-31-2027')).toBeNull();
    expect(dataDaPlanilha('amanhã')).toBeNull();
  });
});
