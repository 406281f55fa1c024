import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Images the blog tests build on the fly (only the tests import this). */

/** A solid-colour image of the given size, to encode as PNG, JPEG, WebP or GIF. */
export const imagem = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0ba2e9' } });

/** A PNG whose header declares width × height over almost no data: a decompression bomb. */
export function pngDeclarando(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(4096))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
