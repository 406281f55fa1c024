import { calendarDayIn } from '@laudos/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import { AcoesDoFormulario } from '../../../components/ui/acoes-do-formulario';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api';
import { useSiteInfo } from '../../../lib/site-info';
import { errorMessage, type FieldErrors, focusFirstError } from '../../../lib/validation';
import type { Laudo, TipoArquivo } from '../api/laudo';
import { useTiposLaudo } from '../api/tipos-laudo';
import { erroDoArquivo } from '../api/upload-arquivo';
import { useRenovarLaudo } from '../api/versoes';
import { CamposDeArquivos } from './campos-de-arquivos';
import { vencimentoSugerido } from './periodo-do-tipo';

type Campo = 'codigo' | 'dataVencimento' | TipoArquivo;

/**
 * "Renovar laudo" (decision 030): the new version's code (the current one by default), its due
 * date and, optionally, its files. The current version goes to the Histórico with its files.
 */
export function RenovarLaudoDialog({
  open,
  laudo,
  onClose,
}: {
  open: boolean;
  laudo: Laudo;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Renovar ${laudo.nome}`}
      description={`A versão ${laudo.versao} vai para o histórico com os arquivos dela.`}
      size="lg"
    >
      <RenovarLaudoForm laudo={laudo} onClose={onClose} />
    </Dialog>
  );
}

function RenovarLaudoForm({ laudo, onClose }: { laudo: Laudo; onClose: () => void }) {
  const { showToast } = useToast();
  const renovacao = useRenovarLaudo(laudo.id);
  const formRef = useRef<HTMLFormElement>(null);
  const [codigo, setCodigo] = useState(laudo.codigo);
  const { timeZone } = useSiteInfo();
  const tipos = useTiposLaudo();
  // A type with a default period suggests the old due date + period (decision 049) until one is typed.
  const sugerido = vencimentoSugerido(
    tipos.data,
    laudo.tipo,
    laudo.dataVencimento ?? calendarDayIn(timeZone),
  );
  const [digitada, setDataVencimento] = useState<string | null>(null);
  const dataVencimento = digitada ?? sugerido?.data ?? '';
  const [arquivos, setArquivos] = useState<Record<TipoArquivo, File | null>>({ pdf: null, excel: null });
  const [erros, setErros] = useState<FieldErrors<Campo>>({});
  const doServidor =
    renovacao.erro instanceof ApiError
      ? Object.fromEntries((renovacao.erro.campos ?? []).map((c) => [c.campo, c.mensagem]))
      : {};

  function escolher(tipo: TipoArquivo, arquivo: File | null) {
    setArquivos((atual) => ({ ...atual, [tipo]: arquivo }));
    setErros((atual) => ({ ...atual, [tipo]: arquivo ? erroDoArquivo(arquivo, tipo) : undefined }));
  }

  async function enviar(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const encontrados: FieldErrors<Campo> = {};
    if (!codigo.trim()) encontrados.codigo = 'Informe o código do laudo.';
    if (!dataVencimento) encontrados.dataVencimento = 'Informe a nova data de vencimento.';
    else if (laudo.dataVencimento && dataVencimento <= laudo.dataVencimento)
      encontrados.dataVencimento = 'A nova data de vencimento deve ser posterior à atual.';
    for (const tipo of ['pdf', 'excel'] as const) {
      const arquivo = arquivos[tipo];
      const problema = arquivo ? erroDoArquivo(arquivo, tipo) : undefined;
      if (problema) encontrados[tipo] = problema;
    }
    setErros(encontrados);
    if (Object.keys(encontrados).length > 0) {
      focusFirstError(formRef.current, encontrados);
      return;
    }
    const renovado = await renovacao.renovar({
      codigo: codigo.trim(),
      dataVencimento,
      pdf: arquivos.pdf ?? undefined,
      excel: arquivos.excel ?? undefined,
    });
    if (renovado) {
      showToast({
        type: 'success',
        title: 'Laudo renovado',
        message: `${renovado.nome}: versão ${renovado.versao} (${renovado.codigo})`,
      });
      onClose();
    }
  }

  const erroGeral =
    renovacao.erro && !(renovacao.erro instanceof ApiError && renovacao.erro.campos?.length)
      ? errorMessage(renovacao.erro)
      : null;

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void enviar(event)} className="space-y-5">
      {erroGeral ? <FormAlert>{erroGeral}</FormAlert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Código da nova versão"
          name="codigo"
          required
          autoComplete="off"
          value={codigo}
          error={erros.codigo ?? doServidor.codigo}
          hint="Pode ser o mesmo da versão atual."
          onChange={(event) => {
            setCodigo(event.target.value);
            setErros((atual) => ({ ...atual, codigo: undefined }));
            renovacao.limpar();
          }}
        />
        <TextField
          label="Nova data de vencimento"
          name="dataVencimento"
          type="date"
          required
          value={dataVencimento}
          error={erros.dataVencimento ?? doServidor.dataVencimento}
          hint={sugerido ? `${sugerido.dica} Você pode alterar a data.` : undefined}
          onChange={(event) => {
            setDataVencimento(event.target.value);
            setErros((atual) => ({ ...atual, dataVencimento: undefined }));
            renovacao.limpar();
          }}
        />
      </div>
      <CamposDeArquivos legenda="Arquivos da nova versão (opcionais)" erros={erros} onEscolher={escolher} />
      {renovacao.percentual !== null ? (
        <progress
          aria-label="Envio da renovação"
          max={100}
          value={renovacao.percentual}
          className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
        />
      ) : null}
      <AcoesDoFormulario>
        <button type="button" onClick={onClose} className={buttonClass('secondary')}>
          Cancelar
        </button>
        <button
          type="submit"
          disabled={renovacao.enviando}
          aria-busy={renovacao.enviando || undefined}
          className={buttonClass('primary')}
        >
          {renovacao.enviando ? 'Renovando...' : 'Renovar laudo'}
        </button>
      </AcoesDoFormulario>
    </form>
  );
}
