import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A PDF read back with Debian's poppler-utils (`pdftotext`, `pdftoppm`; in `.ci/run`'s apt list):
 * its text in reading order, and how much of its first page is ink.
 */
export function lerPdf(pdf: Buffer): { texto: string; paginas: number; tintaNaPrimeira: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'laudos-pdf-'));
  try {
    const arquivo = path.join(dir, 'r.pdf');
    writeFileSync(arquivo, pdf);
    const texto = execFileSync('pdftotext', ['-layout', arquivo, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [arquivo], { encoding: 'utf8' });
    const paginas = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    // The first page as an 8-bit grey PGM (P5): a header of three numbers, then one byte a pixel.
    execFileSync('pdftoppm', ['-gray', '-r', '40', '-f', '1', '-l', '1', arquivo, path.join(dir, 'p')]);
    const pgm = readFileSync(path.join(dir, `p-${'1'.padStart(String(paginas).length, '0')}.pgm`));
    const cabecalho = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
    if (!cabecalho) throw new Error('PGM inesperado');
    const pixels = pgm.subarray(cabecalho[0].length);
    let escuros = 0;
    for (const p of pixels) if (p < 200) escuros++;
    return { texto, paginas, tintaNaPrimeira: escuros / pixels.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
