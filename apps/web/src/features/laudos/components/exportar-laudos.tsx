import { useState } from 'react';
import { ForaDoPlano } from '../../../components/fora-do-plano';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { DownloadComProgresso } from '../../../components/ui/download-com-progresso';

/** The list's filters, as the export takes them (the same names as GET /api/laudos). */
export interface FiltroDaExportacao {
  busca?: string;
  tipo?: string;
  status?: string;
  ordem?: string;
  direcao?: string;
  empresaId?: string;
}

/** The address of an export of the list (the server streams it; the browser saves it). */
export function enderecoDaExportacao(formato: 'csv' | 'xlsx', filtro: FiltroDaExportacao): string {
  const params = new URLSearchParams({ formato });
  for (const [chave, valor] of Object.entries(filtro)) if (valor?.trim()) params.set(chave, valor.trim());
  return `/api/laudos/exportar?${params.toString()}`;
}

/** The full export (a ZIP with the list and every file): the user's scope, whatever the list's filters. */
export const ENDERECO_DA_EXPORTACAO_COMPLETA = '/api/exportacao/completa';

/**
 * "Exportar": the list, with its filters and order, as an Excel workbook or a CSV for Excel in
 * Portuguese, or the full export (a ZIP with the list and every file, with its progress) (issue 18,
 * the plan feature `data_export`). Without the feature the dialog says what
 * it does and where to get it, never a broken download (the server refuses it too).
 */
export function ExportarLaudos({ filtro, incluido }: { filtro: FiltroDaExportacao; incluido: boolean }) {
  const [aberto, setAberto] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass('secondary')} onClick={() => setAberto(true)}>
        Exportar
      </button>
      <Dialog
        open={aberto}
        onClose={() => setAberto(false)}
        title="Exportar laudos"
        description="Uma planilha dos laudos desta lista, com os filtros e a ordem escolhidos."
      >
        {incluido ? (
          <div className="space-y-3">
            <a
              href={enderecoDaExportacao('xlsx', filtro)}
              download
              data-autofocus
              className={`${buttonClass('primary')} w-full justify-center`}
            >
              Planilha Excel (.xlsx)
            </a>
            <a
              href={enderecoDaExportacao('csv', filtro)}
              download
              className={`${buttonClass('secondary')} w-full justify-center`}
            >
              CSV (Excel em português)
            </a>
            <p className="text-sm text-slate-600">
              O arquivo é gerado na hora, com todos os laudos da lista (não só os que estão na tela).
            </p>
            <div className="space-y-2 border-t border-slate-200 pt-3">
              <DownloadComProgresso
                url={ENDERECO_DA_EXPORTACAO_COMPLETA}
                rotulo="Exportação completa (ZIP com arquivos)"
              />
              <p className="text-sm text-slate-600">
                Todos os laudos (sem os filtros da lista), em CSV e Excel, com os PDFs e planilhas de cada
                laudo numa pasta com o seu código. Mantenha esta janela aberta até o fim do download.
              </p>
            </div>
          </div>
        ) : (
          <ForaDoPlano recurso="dataExport" foco>
            A exportação de dados gera uma planilha (Excel ou CSV) de todos os seus laudos, com código, tipo,
            vencimento e situação, para levar a relatórios e ao seu sistema, e a exportação completa: um ZIP
            com a planilha e todos os arquivos dos laudos.
          </ForaDoPlano>
        )}
      </Dialog>
    </>
  );
}
