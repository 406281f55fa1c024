import { AppError, erro } from '../../http/errors.ts';

/** The most an uploaded cover may weigh (before re-encoding). */
export const CAPA_MAX_BYTES = 5 * 1024 * 1024;
/** Covers are shown at most this wide; a smaller image is never enlarged. */
export const CAPA_LARGURA_MAX = 1600;
/**
 * Pixels sharp will decode: a 5 MB file can declare a 100 000 × 100 000 image (a decompression
 * bomb). 40 MP covers any camera photo that fits in 5 MB.
 */
export const CAPA_MAX_PIXELS = 40_000_000;

export type FormatoCapa = 'png' | 'jpeg' | 'webp';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** What the first bytes say the image is; never the file name or the declared type. */
export function formatoPelosBytes(head: Buffer): FormatoCapa | null {
  if (head.subarray(0, 8).equals(PNG)) return 'png';
  if (head.subarray(0, 3).equals(JPEG)) return 'jpeg';
  if (
    head.length >= 12 &&
    head.toString('latin1', 0, 4) === 'RIFF' &&
    head.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

export const capaInvalida = () => erro('capaInvalida');

export interface CapaProcessada {
  webp: Buffer;
  largura: number;
  altura: number;
}

/**
 * Decodes the upload (PNG, JPEG or WebP by content), turns it upright, shrinks it to at most
 * 1600 px wide and re-encodes it as WebP without any metadata (EXIF, GPS, ICC comments).
 * Every failure to read the image is a 400 with a pt-BR message, never a crash.
 */
export async function processarCapa(original: Buffer): Promise<CapaProcessada> {
  const formato = formatoPelosBytes(original);
  if (!formato) throw capaInvalida();
  // Loaded on the first cover, not at start: sharp and libvips cost ~90 ms and ~28 MB (issue 15).
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(original, { limitInputPixels: CAPA_MAX_PIXELS, failOn: 'error', pages: 1 });
    const meta = await image.metadata();
    // The bytes and the decoder must agree (a PNG signature on something else is refused).
    if (meta.format !== formato) throw capaInvalida();
    const { data, info } = await image
      .autoOrient()
      .resize({ width: CAPA_LARGURA_MAX, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { webp: data, largura: info.width, altura: info.height };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw erro('capaGrandeDemais');
    }
    throw erro('capaIlegivel');
  }
}
