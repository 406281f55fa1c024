import {
  EXAMES_DOS_TIPOS,
  type ExameDoTipo,
  NOMES_DOS_EXAMES_DOS_TIPOS,
  tipoDeLaudoEntrada,
} from '@laudos/domain/api';
import { type FormEvent, useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import { AcoesDoFormulario } from '../../../components/ui/acoes-do-formulario';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import {
  errorMessage,
  errorsFromRequest,
  errorsFromSchema,
  type FieldErrors,
  focusFirstError,
} from '../../../lib/validation';
import { type TipoLaudoAdmin, useAlterarTipoDeLaudo, useCriarTipoDeLaudo } from '../api/tipos-laudo-admin';

type Campo = 'nome' | 'descricao' | 'ordem' | 'periodoMeses' | 'exame';

/** "Novo tipo de laudo" or "Editar tipo" (decision 049): the dialog of the admin's list. */
export function TipoLaudoFormDialog({
  open,
  tipo,
  onClose,
}: {
  open: boolean;
  /** The type being edited; without it the dialog adds one. */
  tipo: TipoLaudoAdmin | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={tipo ? `Editar tipo ${tipo.nome}` : 'Novo tipo de laudo'}>
      <TipoLaudoForm key={tipo?.nome ?? 'novo'} tipo={tipo} onDone={onClose} />
    </Dialog>
  );
}

/** A whole number typed in a field: the number, null when empty, NaN when not a whole number. */
function inteiro(texto: string): number | null {
  const t = texto.trim();
  if (!t) return null;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

function TipoLaudoForm({ tipo, onDone }: { tipo: TipoLaudoAdmin | null; onDone: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { showToast } = useToast();
  const criar = useCriarTipoDeLaudo();
  const alterar = useAlterarTipoDeLaudo();
  const mutacao = tipo ? alterar : criar;
  const [nome, setNome] = useState(tipo?.nome ?? '');
  const [descricao, setDescricao] = useState(tipo?.descricao ?? '');
  const [ordem, setOrdem] = useState(String(tipo?.ordem ?? 100));
  const [periodo, setPeriodo] = useState(tipo?.periodoMeses ? String(tipo.periodoMeses) : '');
  const [exame, setExame] = useState<ExameDoTipo | ''>(tipo?.exame ?? '');
  const [ativo, setAtivo] = useState(tipo?.ativo ?? true);
  const [erros, setErros] = useState<FieldErrors<Campo>>({});

  function enviar(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const dados = {
      descricao: descricao.trim() || null,
      ordem: inteiro(ordem) ?? 100,
      periodoMeses: inteiro(periodo),
      exame: exame || null,
    };
    // The server's own rules (@laudos/domain/api), with its messages.
    const encontrados = errorsFromSchema<Campo>(tipoDeLaudoEntrada, {
      nome: tipo?.nome ?? nome.trim(),
      ...dados,
    });
    setErros(encontrados);
    if (Object.keys(encontrados).length > 0) {
      focusFirstError(formRef.current, encontrados);
      return;
    }
    const onSuccess = (salvo: TipoLaudoAdmin) => {
      showToast({
        type: 'success',
        title: tipo ? `Tipo ${salvo.nome} salvo.` : `Tipo ${salvo.nome} criado.`,
      });
      onDone();
    };
    const onError = (error: Error) => {
      const campos = errorsFromRequest<Campo>(error);
      if (Object.keys(campos).length === 0) return;
      setErros(campos);
      focusFirstError(formRef.current, campos);
    };
    if (tipo) alterar.mutate({ nome: tipo.nome, ...dados, ativo }, { onSuccess, onError });
    else criar.mutate({ nome: nome.trim(), ...dados }, { onSuccess, onError });
  }

  return (
    <form ref={formRef} noValidate onSubmit={enviar} className="space-y-4">
      {mutacao.error ? <FormAlert>{errorMessage(mutacao.error)}</FormAlert> : null}
      {tipo ? null : (
        <TextField
          label="Nome"
          name="nome"
          autoComplete="off"
          data-autofocus
          value={nome}
          error={erros.nome}
          hint="Como aparece na lista de tipos dos laudos. Não muda depois."
          onChange={(event) => setNome(event.target.value)}
        />
      )}
      <TextAreaField
        label="Descrição"
        name="descricao"
        optional
        rows={2}
        value={descricao}
        error={erros.descricao}
        onChange={(event) => setDescricao(event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Período padrão (meses)"
          name="periodoMeses"
          optional
          inputMode="numeric"
          autoComplete="off"
          value={periodo}
          error={erros.periodoMeses}
          hint="De 1 a 120. Um laudo novo deste tipo vence hoje + o período (a data pode ser alterada)."
          onChange={(event) => setPeriodo(event.target.value)}
        />
        <TextField
          label="Ordem"
          name="ordem"
          inputMode="numeric"
          autoComplete="off"
          value={ordem}
          error={erros.ordem}
          hint="Menor aparece primeiro."
          onChange={(event) => setOrdem(event.target.value)}
        />
      </div>
      <SelectField
        label="Exame NR-13 vinculado"
        name="exame"
        optional
        value={exame}
        error={erros.exame}
        hint="Os laudos desse exame, criados pelo cadastro de equipamentos, passam a ter este tipo; nenhum laudo deste tipo é criado à mão."
        onChange={(event) => setExame(event.target.value as ExameDoTipo | '')}
      >
        <option value="">Nenhum</option>
        {EXAMES_DOS_TIPOS.map((e) => (
          <option key={e} value={e}>
            {NOMES_DOS_EXAMES_DOS_TIPOS[e]}
          </option>
        ))}
      </SelectField>
      {tipo ? (
        <CheckboxField
          label="Ativo"
          hint="Tipos inativos não aparecem para novos laudos; os laudos que já os têm continuam."
          name="ativo"
          checked={ativo}
          onChange={(event) => setAtivo(event.target.checked)}
        />
      ) : null}
      <AcoesDoFormulario className="pt-2">
        <button type="button" onClick={onDone} className={buttonClass('secondary')}>
          Cancelar
        </button>
        <button type="submit" disabled={mutacao.isPending} className={buttonClass('primary')}>
          {mutacao.isPending ? 'Salvando...' : tipo ? 'Salvar alterações' : 'Criar tipo'}
        </button>
      </AcoesDoFormulario>
    </form>
  );
}
