import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';

/** Steps the three journeys share: signing in and out through the forms, and real files to upload. */

export async function entrar(page: Page, email: string, senha: string) {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** "Sair" in the header of the signed-in areas; the guards take the user to /login. */
export async function sair(page: Page) {
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
}

/** A signed-in area's navigation link ("Área do cliente" or "Administração"). */
export async function navegar(page: Page, area: 'Área do cliente' | 'Administração', link: string) {
  const destino = page.getByRole('navigation', { name: area }).getByRole('link', { name: link, exact: true });
  const href = await destino.getAttribute('href');
  if (!href) throw new Error(`o link ${link} não tem endereço`);
  // Under CI load a click landing while a download or a re-render settles has been lost once: the
  // link is clicked again until its page is the current one (its code loads before the URL moves).
  const chegou = (url: URL) => url.pathname === new URL(href, url).pathname;
  await expect(async () => {
    if (!chegou(new URL(page.url()))) await destino.click();
    await expect(page).toHaveURL(chegou, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', as the pages show dates. */
export function dataBR(iso: string): string {
  return iso.split('-').reverse().join('/');
}

/** The smallest PDF a viewer opens, with a comment so that each one has its own size. */
export function pdfMinimo(comentario: string): Buffer {
  const objetos = [
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n',
  ];
  let corpo = `%PDF-1.4\n% ${comentario}\n`;
  const offsets: number[] = [];
  for (const objeto of objetos) {
    offsets.push(corpo.length);
    corpo += objeto;
  }
  const xref = corpo.length;
  corpo += `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) corpo += `${String(offset).padStart(10, '0')} 00000 n \n`;
  corpo += `trailer<</Size ${objetos.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(corpo, 'latin1');
}

export async function planilhaXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Medições');
  sheet.addRow(['Ponto', 'Espessura (mm)']);
  sheet.addRow(['A1', '12,5']);
  sheet.addRow(['A2', '12,3']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
