import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { paths } from '../../../lib/paths';

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

/**
 * "Exportar": the list, with its filters and order, as an Excel workbook or a CSV for Excel in
 * Portuguese (issue 18, the plan feature `data_export`). Without the feature the dialog says what
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
          </div>
        ) : (
          <div className="space-y-3">
            <p className="text-slate-700">
              A exportação de dados gera uma planilha (Excel ou CSV) de todos os seus laudos, com código,
              tipo, vencimento e situação, para levar a relatórios e ao seu sistema.
            </p>
            <p className="font-medium text-slate-900">Seu plano não inclui exportação de dados.</p>
            <Link to={paths.planos} className={buttonClass('primary')} data-autofocus>
              Ver os planos que incluem
            </Link>
          </div>
        )}
      </Dialog>
    </>
  );
}
