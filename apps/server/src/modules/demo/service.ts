import { Readable } from 'node:stream';
import { addDaysIso } from '@laudos/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { empresas, laudos, planos, respostasLembrete, tiposLaudo, usuarios } from '../../db/schema.ts';
import { type FileStorage, newStorageKey } from '../../storage/storage.ts';
import { createContaComSenha } from '../usuarios/service.ts';

/**
 * `npm run cli -- seed:demo`: a demonstration company with its gestor and membro, on the
 * Profissional plan, and laudos in every state (ativo, vencendo, vencido) of several types, some
 * with a PDF and a spreadsheet drawn here, and two renewal requests on the firm's board. No e-mail
 * is sent (rows are written directly, not through criarLaudo). A second run changes nothing.
 */
export const EMPRESA_DEMO = 'Demonstração Indústria';
export const GESTOR_DEMO = 'gestor@demo.laudos.local';
export const MEMBRO_DEMO = 'membro@demo.laudos.local';

interface LaudoDemo {
  codigo: string;
  nome: string;
  tipo: string;
  /** Days from today to the due date: negative is expired. */
  dias: number;
  arquivos: boolean;
  solicitacao?: boolean;
}

const LAUDOS: LaudoDemo[] = [
  { codigo: 'DEMO-001', nome: 'Caldeira flamotubular CF-01', tipo: 'NR-13', dias: 240, arquivos: true },
  { codigo: 'DEMO-002', nome: 'Vaso de pressão VP-07', tipo: 'NR-13', dias: 400, arquivos: false },
  { codigo: 'DEMO-003', nome: 'Prensa hidráulica PH-2', tipo: 'NR-12', dias: 120, arquivos: true },
  { codigo: 'DEMO-004', nome: 'Elevador social bloco A', tipo: 'Elevadores', dias: 75, arquivos: false },
  {
    codigo: 'DEMO-005',
    nome: 'Compressor de ar CA-3',
    tipo: 'NR-13',
    dias: 20,
    arquivos: true,
    solicitacao: true,
  },
  { codigo: 'DEMO-006', nome: 'Guilhotina GT-1', tipo: 'NR-12', dias: 9, arquivos: false },
  { codigo: 'DEMO-007', nome: 'Elevador de carga bloco B', tipo: 'Elevadores', dias: 2, arquivos: true },
  { codigo: 'DEMO-008', nome: 'Autoclave AC-1', tipo: 'NR-13', dias: -12, arquivos: true, solicitacao: true },
  { codigo: 'DEMO-009', nome: 'Torno mecânico TM-4', tipo: 'NR-12', dias: -45, arquivos: false },
  { codigo: 'DEMO-010', nome: 'Tubulação de vapor linha 2', tipo: 'NR-13', dias: -90, arquivos: false },
];

export type ResultadoDaDemo =
  | { kind: 'existente' }
  | {
      kind: 'criada';
      empresa: string;
      plano: string;
      laudos: { ativos: number; vencendo: number; vencidos: number; comArquivos: number };
      solicitacoes: number;
    };

export async function semearDemo(
  { db, storage, hoje }: { db: Db; storage: FileStorage; hoje: string },
  senhas: { gestor: string; membro: string; temporarias: boolean },
): Promise<ResultadoDaDemo> {
  const [existente] = await db
    .select({ id: empresas.id })
    .from(empresas)
    .where(eq(empresas.nomeFantasia, EMPRESA_DEMO))
    .limit(1);
  if (existente) return { kind: 'existente' };

  const gravados: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const [plano] = await tx.select().from(planos).where(eq(planos.nome, 'Profissional')).limit(1);
      const [empresa] = await tx
        .insert(empresas)
        .values({
          razaoSocial: 'Demonstração Indústria e Comércio Ltda',
          nomeFantasia: EMPRESA_DEMO,
          emailContato: GESTOR_DEMO,
          endereco: 'Av. das Indústrias, 1000 — Distrito Industrial',
          planoId: plano?.id ?? null,
        })
        .returning({ id: empresas.id });
      const empresaId = empresa!.id;
      for (const [email, nome, papel, password] of [
        [GESTOR_DEMO, 'Gabriela Gestora (demo)', 'gestor', senhas.gestor],
        [MEMBRO_DEMO, 'Marcos Membro (demo)', 'membro', senhas.membro],
      ] as const) {
        await createContaComSenha(tx, {
          email,
          nome,
          password,
          tipo: 'cliente',
          empresaId,
          papel,
          emailVerified: true,
          primeiroAcesso: senhas.temporarias,
        });
      }
      const [gestor] = await tx
        .select({ id: usuarios.id })
        .from(usuarios)
        .where(eq(usuarios.email, GESTOR_DEMO))
        .limit(1);
      await tx
        .insert(tiposLaudo)
        .values([{ nome: 'NR-13' }, { nome: 'NR-12' }, { nome: 'Elevadores' }])
        .onConflictDoNothing();

      const contagem = { ativos: 0, vencendo: 0, vencidos: 0, comArquivos: 0 };
      let solicitacoes = 0;
      for (const l of LAUDOS) {
        const dataVencimento = addDaysIso(hoje, l.dias);
        const [row] = await tx
          .insert(laudos)
          .values({
            codigo: l.codigo,
            nome: l.nome,
            tipo: l.tipo,
            cliente: EMPRESA_DEMO,
            empresaId,
            emailCliente: GESTOR_DEMO,
            dataVencimento,
            observacoes: 'Laudo de demonstração.',
          })
          .returning({ id: laudos.id });
        const id = row!.id;
        if (l.dias < 0) contagem.vencidos++;
        else if (l.dias <= 30) contagem.vencendo++;
        else contagem.ativos++;
        if (l.arquivos) {
          const pdf = newStorageKey(id, 'pdf', 'pdf');
          await storage.save(pdf, Readable.from([await pdfDoLaudo(l, dataVencimento)]), {
            maxBytes: Number.MAX_SAFE_INTEGER,
          });
          gravados.push(pdf);
          const excel = newStorageKey(id, 'excel', 'xlsx');
          await storage.save(excel, Readable.from([await planilhaDoLaudo(l)]), {
            maxBytes: Number.MAX_SAFE_INTEGER,
          });
          gravados.push(excel);
          await tx
            .update(laudos)
            .set({
              arquivoPdf: pdf,
              arquivoPdfNome: `${l.codigo}.pdf`,
              arquivoPdfUrl: `/api/laudos/${id}/arquivos/pdf`,
              arquivoExcel: excel,
              arquivoExcelNome: `${l.codigo}-medicoes.xlsx`,
              arquivoExcelUrl: `/api/laudos/${id}/arquivos/excel`,
            })
            .where(eq(laudos.id, id));
          contagem.comArquivos++;
        }
        if (l.solicitacao) {
          await tx.insert(respostasLembrete).values({
            laudoId: id,
            empresaId,
            dataVencimento,
            tipo: 'solicitacao',
            destinatario: GESTOR_DEMO,
            usuarioId: gestor?.id ?? null,
            marco: l.dias < 0 ? 'vencido:0' : 'vencendo:30',
            periodo: 'Próximas duas semanas',
            contato: 'Gabriela, (11) 4000-1234',
            observacao: 'Podemos agendar a inspeção na próxima semana?',
          });
          solicitacoes++;
        }
      }
      return {
        kind: 'criada' as const,
        empresa: EMPRESA_DEMO,
        plano: plano?.nome ?? 'padrão',
        laudos: contagem,
        solicitacoes,
      };
    });
  } catch (err) {
    // The rows rolled back: the files written for them go too.
    for (const key of gravados) await storage.remove(key).catch(() => {});
    throw err;
  }
}

async function pdfDoLaudo(l: LaudoDemo, vencimento: string): Promise<Buffer> {
  const { default: PDFDocument } = (await import('pdfkit')) as unknown as {
    default: new (o?: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument;
  };
  const doc = new PDFDocument({ size: 'A4', info: { Title: `${l.codigo} — ${l.nome}` } });
  const partes: Buffer[] = [];
  doc.on('data', (c: Buffer) => partes.push(c));
  const fim = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.fontSize(18).text(`Laudo técnico ${l.codigo}`);
  doc.moveDown().fontSize(12).text(`Equipamento: ${l.nome}`);
  doc.text(`Norma: ${l.tipo}`);
  doc.text(`Empresa: ${EMPRESA_DEMO}`);
  doc.text(`Vencimento: ${vencimento.split('-').reverse().join('/')}`);
  doc.moveDown().text('Documento de demonstração gerado por npm run cli -- seed:demo.');
  doc.end();
  await fim;
  return Buffer.concat(partes);
}

async function planilhaDoLaudo(l: LaudoDemo): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Medições');
  ws.addRow(['Ponto', 'Espessura (mm)', 'Pressão (bar)', 'Situação']);
  for (let i = 1; i <= 8; i++) ws.addRow([`${l.codigo}-P${i}`, 9 + i / 10, 7 + (i % 3), 'Conforme']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
