import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { formatoPelosBytes, processarCapa } from './capa.ts';
import { imagem, pngDeclarando } from './test-fixtures.ts';

describe('formatoPelosBytes', () => {
  it('knows PNG, JPEG and WebP by their signatures only', async () => {
    expect(formatoPelosBytes(await imagem(4, 4).png().toBuffer())).toBe('png');
    expect(formatoPelosBytes(await imagem(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(formatoPelosBytes(await imagem(4, 4).webp().toBuffer())).toBe('webp');
    expect(formatoPelosBytes(await imagem(4, 4).gif().toBuffer())).toBeNull();
    expect(formatoPelosBytes(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(formatoPelosBytes(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(formatoPelosBytes(Buffer.alloc(0))).toBeNull();
  });
});

describe('processarCapa', () => {
  it('shrinks to 1600 px wide, keeps the ratio and re-encodes as WebP', async () => {
    const capa = await processarCapa(await imagem(3200, 1200).png().toBuffer());
    expect(capa).toMatchObject({ largura: 1600, altura: 600 });
    const meta = await sharp(capa.webp).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 600 });
  });

  it('never enlarges, turns the photo upright and strips the metadata', async () => {
    const jpeg = await imagem(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'segredo', Artist: 'GPS aqui' } } })
      .toBuffer();
    const capa = await processarCapa(jpeg);
    expect(capa).toMatchObject({ largura: 200, altura: 300 });
    const meta = await sharp(capa.webp).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(capa.webp.includes(Buffer.from('segredo'))).toBe(false);
  });

  it('refuses what is not a PNG, JPEG or WebP with a 400', async () => {
    for (const bytes of [
      Buffer.from('isto é um texto, não uma imagem'),
      await imagem(10, 10).gif().toBuffer(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    ]) {
      await expect(processarCapa(bytes)).rejects.toMatchObject({
        status: 400,
        message: 'A capa deve ser uma imagem PNG, JPEG ou WebP.',
      });
    }
  });

  it('refuses a truncated image and a decompression bomb with a 400', async () => {
    const png = await imagem(200, 200).png().toBuffer();
    await expect(processarCapa(png.subarray(0, 60))).rejects.toMatchObject({
      status: 400,
      code: 'CAPA_ILEGIVEL',
    });
    await expect(processarCapa(pngDeclarando(100_000, 100_000))).rejects.toMatchObject({
      status: 400,
      code: 'CAPA_GRANDE_DEMAIS',
    });
  });
});
