import { SkeletonTable, useRevealDelay } from '../../../components/loading';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { usePlanilha } from '../api/planilha';

/** The first sheet of the laudo's Excel file, as a table (GET .../excel/tabela). */
export function PlanilhaDialog({
  open,
  laudoId,
  arquivo,
  onClose,
}: {
  open: boolean;
  laudoId: string;
  arquivo: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={`Planilha: ${arquivo}`} size="lg">
      <PlanilhaTabela laudoId={laudoId} />
    </Dialog>
  );
}

function PlanilhaTabela({ laudoId }: { laudoId: string }) {
  const planilha = usePlanilha(laudoId);
  const revelando = useRevealDelay(planilha.isPending);
  if (planilha.isPending || revelando)
    return <SkeletonTable rows={6} columns={4} label="Carregando planilha..." />;
  if (planilha.isError) return <ErrorNotice error={planilha.error} onRetry={() => void planilha.refetch()} />;
  const { sheetName, rows, truncated } = planilha.data;
  const colunas = Math.max(planilha.data.columns, ...rows.map((linha) => linha.length));
  const th = 'px-3 py-2 text-left font-semibold text-slate-600 whitespace-nowrap';
  return (
    <div className="space-y-3">
      {truncated ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          A planilha é grande: mostramos só as primeiras {rows.length} linhas. Baixe o arquivo para ver tudo.
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">A planilha está vazia.</p>
      ) : (
        <div className="relative max-h-[60vh] overflow-auto rounded-lg ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="bg-slate-50 px-3 py-2 text-left font-medium text-slate-700">
              Aba: {sheetName || 'Planilha 1'}
            </caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={th}>
                  <span className="sr-only">Linha</span>
                </th>
                {Array.from({ length: colunas }, (_, indice) => (
                  <th key={letraDaColuna(indice)} scope="col" className={th}>
                    {letraDaColuna(indice)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((linha, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
                <tr key={i}>
                  <th scope="row" className="bg-slate-50 px-3 py-1.5 text-right font-normal text-slate-600">
                    {i + 1}
                  </th>
                  {Array.from({ length: colunas }, (_, j) => (
                    <td key={letraDaColuna(j)} className="px-3 py-1.5 whitespace-nowrap text-slate-800">
                      {linha[j] ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** 0 → A, 25 → Z, 26 → AA, as in the spreadsheet. */
function letraDaColuna(indice: number): string {
  let n = indice + 1;
  let letras = '';
  while (n > 0) {
    const resto = (n - 1) % 26;
    letras = String.fromCharCode(65 + resto) + letras;
    n = Math.floor((n - 1) / 26);
  }
  return letras;
}
