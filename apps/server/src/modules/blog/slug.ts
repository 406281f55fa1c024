import { pareceUuid, SLUG_MAX } from '@laudos/domain/api';

/** Cuts `base` so that `base + suffix` fits in SLUG_MAX, never leaving a hyphen at the cut. */
export function comSufixo(base: string, suffix = ''): string {
  return base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '') + suffix;
}

/**
 * The slug derived from a title: accents removed (NFD), lowercase, every run of other characters
 * a single hyphen, no hyphen at either end, at most 80 characters. 'post' when nothing is left; a
 * result that would read as a uuid gets '-post' (an address is either an id or a slug, never both).
 */
export function slugDoTitulo(titulo: string): string {
  const base = comSufixo(
    titulo
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, ''),
  );
  if (base === '') return 'post';
  return pareceUuid(base) ? comSufixo(base, '-post') : base;
}
