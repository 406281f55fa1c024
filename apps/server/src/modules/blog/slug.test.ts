import { pareceUuid, SLUG_MAX, SLUG_RE } from '@laudos/domain/api';
import { describe, expect, it } from 'vitest';
import { comSufixo, slugDoTitulo } from './slug.ts';

describe('slugDoTitulo', () => {
  it('lowercases, drops accents and joins words with single hyphens', () => {
    expect(slugDoTitulo('Inspeção de Caldeiras: NR-13 em 2026!')).toBe('inspecao-de-caldeiras-nr-13-em-2026');
    expect(slugDoTitulo('  --Ação & Reação--  ')).toBe('acao-reacao');
    expect(slugDoTitulo('Çedilha, ÑANDU e über')).toBe('cedilha-nandu-e-uber');
  });

  it('is at most 80 characters and never ends with a hyphen', () => {
    const slug = slugDoTitulo(`${'a'.repeat(79)} bcd`);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toBe('a'.repeat(79));
    expect(slugDoTitulo('palavra '.repeat(30))).toMatch(SLUG_RE);
  });

  it('falls back to "post" when nothing is left, and never yields a uuid', () => {
    expect(slugDoTitulo('!!! 🎉 ???')).toBe('post');
    const uuid = '123e4567-e89b-42d3-a456-426614174000';
    expect(pareceUuid(uuid)).toBe(true);
    expect(slugDoTitulo(uuid)).toBe(`${uuid}-post`);
    expect(pareceUuid(slugDoTitulo(uuid))).toBe(false);
  });
});

describe('comSufixo', () => {
  it('keeps the suffix within 80 characters', () => {
    const base = 'x'.repeat(80);
    expect(comSufixo(base, '-2')).toBe(`${'x'.repeat(78)}-2`);
    expect(comSufixo(`${'x'.repeat(77)}-yy`, '-10')).toBe(`${'x'.repeat(77)}-10`);
  });
});
