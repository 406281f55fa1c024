import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api';
import { laudoHref } from '../../../lib/paths';
import { errorMessage } from '../../../lib/validation';
import type { Laudo } from '../api/laudo';
import { useCriarLaudo } from '../api/mutations';
import { useEnvioArquivo } from '../api/upload-arquivo';
import { ArquivoProgresso } from './arquivo-progresso';
import {
  type ArquivosEscolhidos,
  dadosDoFormulario,
  LaudoForm,
  type ValoresLaudo,
  valoresVazios,
} from './laudo-form';

type NovoLaudoProps = {
  admin: boolean;
  /** A client's own e-mail, prefilled as the client's e-mail. */
  emailUsuario: string;
  /** The upload feature (settings): without it, no file inputs. */
  uploadHabilitado: boolean;
};

/** /novo-laudo: creates the laudo, then sends each chosen file with its progress. */
export function NovoLaudo({ admin, emailUsuario, uploadHabilitado }: NovoLaudoProps) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const criar = useCriarLaudo();
  const pdf = useEnvioArquivo('pdf');
  const excel = useEnvioArquivo('excel');
  const [enviando, setEnviando] = useState(false);
  // Created, but a file failed: the form must not create it again.
  const [criado, setCriado] = useState<Laudo | null>(null);

  async function salvar(valores: ValoresLaudo, arquivos: ArquivosEscolhidos) {
    let laudo: Laudo;
    try {
      laudo = await criar.mutateAsync(dadosDoFormulario(valores, admin));
    } catch {
      return; // shown from criar.error
    }
    setEnviando(true);
    const pdfOk = arquivos.pdf ? Boolean(await pdf.enviar(laudo.id, arquivos.pdf)) : true;
    const excelOk = arquivos.excel ? Boolean(await excel.enviar(laudo.id, arquivos.excel)) : true;
    setEnviando(false);
    if (pdfOk && excelOk) {
      showToast({ type: 'success', title: 'Laudo criado', message: `${laudo.nome} (${laudo.codigo})` });
      void navigate(laudoHref(laudo.id));
      return;
    }
    setCriado(laudo);
  }

  const progresso = (
    <div aria-live="polite">
      <ArquivoProgresso rotulo="PDF" estado={pdf.estado} />
      <ArquivoProgresso rotulo="Excel" estado={excel.estado} />
    </div>
  );

  if (criado) {
    return (
      <div className="space-y-4">
        <FormAlert tone="info">
          <p>
            O laudo <strong>{criado.nome}</strong> foi criado, mas um dos arquivos não foi enviado. Você pode
            enviá-lo de novo na página do laudo.
          </p>
        </FormAlert>
        {progresso}
        <Link to={laudoHref(criado.id)} className={buttonClass('primary')}>
          Abrir o laudo
        </Link>
      </div>
    );
  }

  return (
    <LaudoForm
      inicial={valoresVazios(admin ? '' : emailUsuario)}
      admin={admin}
      comArquivos={uploadHabilitado}
      submitLabel="Criar laudo"
      novo
      pending={criar.isPending || enviando}
      erro={criar.error ? errorMessage(criar.error) : null}
      camposDoServidor={criar.error instanceof ApiError ? criar.error.campos : undefined}
      onSubmit={(valores, arquivos) => void salvar(valores, arquivos)}
    >
      {progresso}
    </LaudoForm>
  );
}
