import { useState } from 'react';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/validation';
import { arquivoUrl, type Laudo, type TipoArquivo } from '../api/laudo';
import { useRemoverArquivo } from '../api/mutations';
import { ACEITA, erroDoArquivo, TAMANHO_MAXIMO_MB, useEnvioArquivo } from '../api/upload-arquivo';
import { ArquivoProgresso } from './arquivo-progresso';
import { PlanilhaDialog } from './planilha-dialog';

/** Which file features the settings turn on (GET /api/settings/public → features). */
export type RecursosArquivos = { fileUpload: boolean; pdfViewer: boolean; excelViewer: boolean };

export const TODOS_OS_RECURSOS: RecursosArquivos = { fileUpload: true, pdfViewer: true, excelViewer: true };

const rotulos: Record<TipoArquivo, string> = { pdf: 'PDF', excel: 'Excel' };

/** The laudo page's files: view, download, send, replace and remove the PDF and the Excel file. */
export function ArquivosLaudo({ laudo, recursos }: { laudo: Laudo; recursos: RecursosArquivos }) {
  return (
    <section
      aria-labelledby="arquivos-titulo"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="arquivos-titulo" className="text-lg font-semibold text-slate-900">
        Arquivos
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <ArquivoCartao laudo={laudo} tipo="pdf" recursos={recursos} />
        <ArquivoCartao laudo={laudo} tipo="excel" recursos={recursos} />
      </div>
    </section>
  );
}

function ArquivoCartao({
  laudo,
  tipo,
  recursos,
}: {
  laudo: Laudo;
  tipo: TipoArquivo;
  recursos: RecursosArquivos;
}) {
  const { showToast } = useToast();
  const envio = useEnvioArquivo(tipo);
  const remover = useRemoverArquivo();
  const [confirmarRemocao, setConfirmarRemocao] = useState(false);
  const [verPlanilha, setVerPlanilha] = useState(false);
  const [erroLocal, setErroLocal] = useState<string | null>(null);
  const rotulo = rotulos[tipo];
  const nome = tipo === 'pdf' ? laudo.arquivo_pdf : laudo.arquivo_excel;
  const presente = Boolean(tipo === 'pdf' ? laudo.arquivo_pdf_url : laudo.arquivo_excel_url);
  const enviando = envio.estado.fase === 'enviando';

  async function escolher(input: HTMLInputElement) {
    const arquivo = input.files?.[0];
    input.value = '';
    if (!arquivo) return;
    const problema = erroDoArquivo(arquivo, tipo);
    setErroLocal(problema ?? null);
    if (problema) return;
    const atualizado = await envio.enviar(laudo.id, arquivo);
    if (atualizado) showToast({ type: 'success', title: `${rotulo} enviado`, message: arquivo.name });
  }

  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{tipo === 'pdf' ? 'Laudo em PDF' : 'Planilha Excel'}</h3>
      {presente ? (
        <p className="mt-1 text-sm break-all text-slate-700">{nome ?? `Arquivo ${rotulo}`}</p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">Nenhum arquivo enviado.</p>
      )}
      {presente ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {tipo === 'pdf' && recursos.pdfViewer ? (
            <a
              href={arquivoUrl(laudo.id, 'pdf')}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary', 'sm')}
            >
              Visualizar PDF<span className="sr-only"> (abre em nova aba)</span>
            </a>
          ) : null}
          {tipo === 'excel' && recursos.excelViewer ? (
            <button
              type="button"
              onClick={() => setVerPlanilha(true)}
              className={buttonClass('secondary', 'sm')}
            >
              Ver planilha
            </button>
          ) : null}
          <a
            href={arquivoUrl(laudo.id, tipo, true)}
            download={nome ?? true}
            className={buttonClass('secondary', 'sm')}
          >
            Baixar {rotulo}
          </a>
          {recursos.fileUpload ? (
            <button
              type="button"
              onClick={() => setConfirmarRemocao(true)}
              className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
            >
              Remover {rotulo}
            </button>
          ) : null}
        </div>
      ) : null}
      {recursos.fileUpload ? (
        <div className="mt-3">
          <label
            className={`${buttonClass('ghost', 'sm')} cursor-pointer focus-within:outline-2 focus-within:outline-brand-700 ${enviando ? 'pointer-events-none opacity-60' : ''}`}
          >
            {presente ? `Substituir ${rotulo}` : `Enviar ${rotulo}`}
            <input
              type="file"
              accept={ACEITA[tipo]}
              disabled={enviando}
              className="sr-only"
              aria-describedby={`dica-${tipo}`}
              onChange={(event) => void escolher(event.currentTarget)}
            />
          </label>
          <p id={`dica-${tipo}`} className="mt-1 text-xs text-slate-600">
            {tipo === 'pdf' ? 'PDF' : '.xlsx ou .xls'}, até {TAMANHO_MAXIMO_MB} MB.
          </p>
          {erroLocal ? (
            <p role="alert" className="mt-1 text-sm font-medium text-red-700">
              {erroLocal}
            </p>
          ) : null}
          <div aria-live="polite">
            <ArquivoProgresso rotulo={rotulo} estado={envio.estado} />
          </div>
        </div>
      ) : null}

      {tipo === 'excel' && nome ? (
        <PlanilhaDialog
          open={verPlanilha}
          laudoId={laudo.id}
          arquivo={nome}
          onClose={() => setVerPlanilha(false)}
        />
      ) : null}

      <ConfirmDialog
        open={confirmarRemocao}
        title={`Remover o ${rotulo} do laudo ${laudo.nome}?`}
        confirmLabel={`Remover ${rotulo}`}
        pending={remover.isPending}
        error={remover.error ? errorMessage(remover.error) : null}
        onClose={() => {
          setConfirmarRemocao(false);
          remover.reset();
        }}
        onConfirm={() =>
          remover.mutate(
            { id: laudo.id, tipo },
            {
              onSuccess: () => {
                setConfirmarRemocao(false);
                envio.limpar();
                showToast({ type: 'success', title: `${rotulo} removido` });
              },
            },
          )
        }
      >
        <p>
          O arquivo {nome ? <strong>{nome}</strong> : null} será apagado. Esta ação não pode ser desfeita.
        </p>
      </ConfirmDialog>
    </div>
  );
}
