import { type FormEvent, useEffect, useRef, useState } from 'react';
import { EmpresaCombobox, type EmpresaEscolhida } from '../../../components/empresa-combobox';
import { buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { enderecoDoModelo, type ImportacaoApi, useEnviarPlanilha } from '../api/importacao';
import { TituloDoPasso } from './titulo-do-passo';

const ACEITA = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A quick check before sending; the server has the last word (type, size, rows). */
function erroDoArquivo(arquivo: File | null): string | undefined {
  if (!arquivo) return 'Escolha a planilha (CSV ou XLSX).';
  const nome = arquivo.name.toLowerCase();
  if (!nome.endsWith('.csv') && !nome.endsWith('.xlsx'))
    return 'Escolha uma planilha CSV (.csv) ou Excel (.xlsx).';
  if (arquivo.size === 0) return 'O arquivo está vazio.';
  return undefined;
}

/**
 * Step 1: the file, and for an admin whose laudos go to one company or "pela coluna Empresa".
 * The template links sit here: a file made from it maps itself.
 */
export function PassoPlanilha({
  admin,
  focar,
  onEnviada,
}: {
  admin: boolean;
  focar: boolean;
  onEnviada: (importacao: ImportacaoApi) => void;
}) {
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [destino, setDestino] = useState<'empresa' | 'coluna'>('empresa');
  const [empresa, setEmpresa] = useState<EmpresaEscolhida | null>(null);
  const [erros, setErros] = useState<{ arquivo?: string; empresa?: string }>({});
  const envio = useEnviarPlanilha();
  const formRef = useRef<HTMLFormElement>(null);
  // A refused choice takes the focus, so its message (tied to the field) is read out.
  useEffect(() => {
    if (erros.arquivo || erros.empresa)
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [erros]);

  function enviar(event: FormEvent) {
    event.preventDefault();
    const novos = {
      arquivo: erroDoArquivo(arquivo),
      empresa: admin && destino === 'empresa' && !empresa ? 'Escolha a empresa dos laudos.' : undefined,
    };
    setErros(novos);
    if (novos.arquivo || novos.empresa || !arquivo) return;
    envio.mutate(
      { arquivo, empresaId: admin && destino === 'empresa' ? (empresa?.id ?? null) : null },
      { onSuccess: onEnviada },
    );
  }

  return (
    <section className="space-y-5">
      <TituloDoPasso focar={focar}>Escolha a planilha</TituloDoPasso>
      <div className="space-y-2 text-slate-700">
        <p>
          Uma planilha CSV ou Excel (.xlsx) com um laudo por linha e os títulos das colunas na primeira linha.
          Código, nome e tipo são obrigatórios; data de vencimento (dd/mm/aaaa), e-mail do cliente e
          observações são opcionais. Até 10.000 linhas por arquivo.
        </p>
        <p>Comece pelo modelo: uma planilha feita a partir dele tem as colunas reconhecidas sozinhas.</p>
        <div className="flex flex-wrap gap-2 pt-1">
          <a href={enderecoDoModelo('csv')} download className={buttonClass('secondary', 'sm')}>
            Baixar modelo (CSV)
          </a>
          <a href={enderecoDoModelo('xlsx')} download className={buttonClass('secondary', 'sm')}>
            Baixar modelo (XLSX)
          </a>
        </div>
      </div>

      <form ref={formRef} noValidate onSubmit={enviar} className="space-y-5">
        {envio.isError ? <FormAlert>{envio.error.message}</FormAlert> : null}
        {admin ? (
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-900">Empresa dos laudos</legend>
            <label className="flex items-start gap-3 text-sm text-slate-900">
              <input
                type="radio"
                name="destino"
                value="empresa"
                checked={destino === 'empresa'}
                onChange={() => setDestino('empresa')}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <span>Uma empresa para a planilha toda</span>
            </label>
            {destino === 'empresa' ? (
              <div className="sm:pl-8">
                <EmpresaCombobox
                  selecionada={empresa}
                  onSelecionar={(escolhida) => {
                    setEmpresa(escolhida);
                    setErros((atual) => ({ ...atual, empresa: undefined }));
                  }}
                  error={erros.empresa}
                />
              </div>
            ) : null}
            <label className="flex items-start gap-3 text-sm text-slate-900">
              <input
                type="radio"
                name="destino"
                value="coluna"
                checked={destino === 'coluna'}
                onChange={() => setDestino('coluna')}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <span>
                Pela coluna Empresa
                <span className="block text-slate-600">Cada linha diz a empresa, pelo nome ou CNPJ.</span>
              </span>
            </label>
          </fieldset>
        ) : null}

        <TextField
          label="Planilha (CSV ou XLSX)"
          type="file"
          name="arquivo"
          accept={ACEITA}
          error={erros.arquivo}
          onChange={(event) => {
            setArquivo(event.target.files?.[0] ?? null);
            setErros((atual) => ({ ...atual, arquivo: undefined }));
          }}
        />

        <button type="submit" disabled={envio.isPending} className={buttonClass('primary')}>
          {envio.isPending ? 'Lendo a planilha...' : 'Enviar planilha'}
        </button>
      </form>
    </section>
  );
}
