import { TextField } from '../../../components/ui/field';
import type { TipoArquivo } from '../api/laudo';
import { ACEITA, TAMANHO_MAXIMO_MB } from '../api/upload-arquivo';

/** The two optional file fields of a laudo (its PDF and its spreadsheet), for the new-laudo and renewal forms. */
export function CamposDeArquivos({
  legenda,
  erros,
  onEscolher,
}: {
  legenda: string;
  erros: Partial<Record<TipoArquivo, string>>;
  onEscolher: (tipo: TipoArquivo, arquivo: File | null) => void;
}) {
  return (
    <fieldset className="grid gap-5 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{legenda}</legend>
      <TextField
        label="Arquivo PDF"
        name="pdf"
        type="file"
        accept={ACEITA.pdf}
        error={erros.pdf}
        hint={`Até ${TAMANHO_MAXIMO_MB} MB.`}
        onChange={(event) => onEscolher('pdf', event.target.files?.[0] ?? null)}
      />
      <TextField
        label="Planilha Excel"
        name="excel"
        type="file"
        accept={ACEITA.excel}
        error={erros.excel}
        hint={`.xlsx ou .xls, até ${TAMANHO_MAXIMO_MB} MB.`}
        onChange={(event) => onEscolher('excel', event.target.files?.[0] ?? null)}
      />
    </fieldset>
  );
}
