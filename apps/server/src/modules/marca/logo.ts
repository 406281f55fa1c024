import { AppError, erro } from '../../http/errors.ts';
import { formatoPelosBytes } from '../blog/capa.ts';

/** A logo is shown at most this big (e-mail header, PDF header); a smaller one is never enlarged. */
export const LOGO_LARGURA_MAX = 600;
export const LOGO_ALTURA_MAX = 200;
/** Pixels sharp will decode (a decompression bomb declares a huge image in a small file). */
const LOGO_MAX_PIXELS = 40_000_000;

/** An SVG document: optional BOM, XML declaration, comments or doctype, then `<svg`. */
const SVG = /^\uFEFF?\s*(<\?xml[^>]*>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s>]/i;

function ehSvg(original: Buffer): boolean {
  return SVG.test(original.subarray(0, 4096).toString('utf8'));
}

export interface LogoProcessado {
  png: Buffer;
  largura: number;
  altura: number;
}

/**
 * Decodes the upload (PNG, JPEG, WebP or SVG, by content, never by name or declared type) and
 * re-encodes it as a PNG of at most 600 × 200 px without metadata. An SVG is rasterised by sharp
 * (librsvg, which runs no script and, from a buffer, loads no external file): what is stored is
 * pixels, so no script or link of the upload survives. PNG because it is what every mail client and
 * the PDF library read (WebP is not). Every failure to read is a 400 in pt-BR, never a crash.
 */
export async function processarLogo(original: Buffer): Promise<LogoProcessado> {
  const formato = formatoPelosBytes(original) ?? (ehSvg(original) ? 'svg' : null);
  if (!formato) throw erro('logoInvalido');
  // Loaded on the first logo, not at start (as for the blog covers: sharp costs ~90 ms and ~28 MB).
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(original, {
      limitInputPixels: LOGO_MAX_PIXELS,
      failOn: 'error',
      pages: 1,
      ...(formato === 'svg' ? { density: 144 } : {}),
    });
    const meta = await image.metadata();
    if (meta.format !== formato) throw erro('logoInvalido');
    const { data, info } = await image
      .autoOrient()
      .resize({ width: LOGO_LARGURA_MAX, height: LOGO_ALTURA_MAX, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, largura: info.width, altura: info.height };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw erro('logoGrandeDemais');
    throw erro('logoIlegivel');
  }
}
