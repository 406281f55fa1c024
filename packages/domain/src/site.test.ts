import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandCss, brandScale, contrastRatio } from './site.ts';

describe('brandScale', () => {
  it('keeps the hand-tuned scale of the default colour', () => {
    expect(brandScale('#0BA2E9')[700]).toBe('#0776ab');
    expect(brandCss('#0ba2e9')).toBe('');
  });

  it('makes text shades readable whatever colour the firm picks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const hex = `#${n.toString(16).padStart(6, '0')}`;
        const scale = brandScale(hex);
        expect(scale[500]).toBe(hex);
        expect(contrastRatio(scale[700], '#ffffff')).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(scale[700], scale[50])).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(scale[800], scale[50])).toBeGreaterThanOrEqual(7);
      }),
      { numRuns: 500 },
    );
  });

  it('writes CSS variables for another colour', () => {
    expect(brandCss('#C0392B')).toMatch(
      /^:root\{--color-brand-50:#[0-9a-f]{6};.*--color-brand-900:#[0-9a-f]{6}\}$/,
    );
  });
});
