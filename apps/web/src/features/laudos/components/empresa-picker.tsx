import { digitosDoCnpj, formatarCnpj } from '@laudos/domain';
import { criarEmpresaEntrada, type Empresa } from '@laudos/domain/api';
import { type FormEvent, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { EmpresaCombobox } from '../../../components/empresa-combobox';
import { useToast } from '../../../components/toast';
import { AcoesDoFormulario } from '../../../components/ui/acoes-do-formulario';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api';
import { useCriarEmpresa } from '../../../lib/criar-empresa';
import {
  errorMessage,
  errorsFromRequest,
  errorsFromSchema,
  type FieldErrors,
  focusFirstError,
} from '../../../lib/validation';

/** The company chosen: its id (null for a laudo's old client text with no company) and its name. */
export type EmpresaDoLaudo = { id: string | null; nome: string };

/**
 * The admin's choice of a laudo's company: searches the active ones by name or CNPJ, and "Criar
 * empresa" creates one in place (razão social, nome fantasia, CNPJ) and chooses it.
 */
export function EmpresaPicker({
  name,
  error,
  selecionada,
  onSelecionar,
}: {
  name: string;
  error?: string | undefined;
  selecionada: EmpresaDoLaudo | null;
  onSelecionar: (empresa: EmpresaDoLaudo | null) => void;
}) {
  const [criando, setCriando] = useState<string | null>(null);

  return (
    <>
      <EmpresaCombobox
        name={name}
        hint="A empresa dona do laudo; as pessoas dela passam a vê-lo."
        error={error}
        selecionada={selecionada ? { id: selecionada.id ?? '', nome: selecionada.nome } : null}
        onSelecionar={onSelecionar}
        acao={{
          rotulo: (texto) => (texto ? `Criar empresa “${texto}”` : 'Criar empresa'),
          onEscolher: setCriando,
        }}
      />
      {/* In a portal: the laudo's form may not hold another form, and its dialog sits on top. */}
      {criando !== null
        ? createPortal(
            <NovaEmpresaDialog
              texto={criando}
              onClose={() => setCriando(null)}
              onCriada={(empresa) => {
                setCriando(null);
                onSelecionar({ id: empresa.id, nome: empresa.nomeFantasia });
              }}
            />,
            document.body,
          )
        : null}
    </>
  );
}

type Campo = 'razaoSocial' | 'nomeFantasia' | 'cnpj';

/** "Criar empresa" from the laudo form: what was typed fills the name (or the CNPJ, if it is one). */
function NovaEmpresaDialog({
  texto,
  onClose,
  onCriada,
}: {
  texto: string;
  onClose: () => void;
  onCriada: (empresa: Empresa) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const { showToast } = useToast();
  const criar = useCriarEmpresa();
  const ehCnpj = texto !== '' && /^[\d.\-/\s]+$/.test(texto);
  const [razaoSocial, setRazaoSocial] = useState(ehCnpj ? '' : texto);
  const [nomeFantasia, setNomeFantasia] = useState(ehCnpj ? '' : texto);
  const [cnpj, setCnpj] = useState(
    ehCnpj && digitosDoCnpj(texto).length === 14 ? formatarCnpj(texto) : ehCnpj ? texto : '',
  );
  const [erros, setErros] = useState<FieldErrors<Campo>>({});

  function enviar(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React passes a portal's events up its own tree: the laudo's form must not submit too.
    event.stopPropagation();
    const dados = {
      razaoSocial: razaoSocial.trim(),
      nomeFantasia: nomeFantasia.trim(),
      cnpj: cnpj.trim() || null,
    };
    const encontrados = errorsFromSchema<Campo>(criarEmpresaEntrada, dados);
    setErros(encontrados);
    if (Object.keys(encontrados).length > 0) {
      focusFirstError(formRef.current, encontrados);
      return;
    }
    criar.mutate(dados, {
      onSuccess: (empresa) => {
        showToast({ type: 'success', title: `Empresa ${empresa.nomeFantasia} criada.` });
        onCriada(empresa);
      },
      onError: (error) => {
        const marcados: FieldErrors<Campo> =
          error instanceof ApiError && error.code === 'CNPJ_DUPLICADO'
            ? { cnpj: error.message }
            : errorsFromRequest<Campo>(error);
        if (Object.keys(marcados).length === 0) return;
        setErros(marcados);
        focusFirstError(formRef.current, marcados);
      },
    });
  }

  const campoRecusado = Object.keys(erros).length > 0;

  return (
    <Dialog
      open
      onClose={onClose}
      title="Criar empresa"
      description="Os demais dados (endereço, contato, plano) podem ser preenchidos depois, na página da empresa."
    >
      <form ref={formRef} noValidate onSubmit={enviar} className="space-y-4">
        {criar.error && !campoRecusado ? <FormAlert>{errorMessage(criar.error)}</FormAlert> : null}
        <TextField
          label="Razão social"
          name="razaoSocial"
          autoComplete="off"
          data-autofocus
          value={razaoSocial}
          onChange={(event) => setRazaoSocial(event.target.value)}
          error={erros.razaoSocial}
        />
        <TextField
          label="Nome fantasia"
          name="nomeFantasia"
          autoComplete="off"
          hint="O nome mostrado nos laudos."
          value={nomeFantasia}
          onChange={(event) => setNomeFantasia(event.target.value)}
          error={erros.nomeFantasia}
        />
        <TextField
          label="CNPJ"
          optional
          name="cnpj"
          inputMode="numeric"
          autoComplete="off"
          placeholder="00.000.000/0000-00"
          value={cnpj}
          onChange={(event) => setCnpj(event.target.value)}
          error={erros.cnpj}
        />
        <AcoesDoFormulario className="pt-2">
          <button type="button" onClick={onClose} className={buttonClass('secondary')}>
            Cancelar
          </button>
          <button
            type="submit"
            disabled={criar.isPending}
            aria-busy={criar.isPending || undefined}
            className={buttonClass('primary')}
          >
            {criar.isPending ? 'Salvando...' : 'Criar e escolher'}
          </button>
        </AcoesDoFormulario>
      </form>
    </Dialog>
  );
}
