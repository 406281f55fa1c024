import { criarPlanoEntrada } from '@laudos/domain/api';
import { type FormEvent, useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import { AcoesDoFormulario } from '../../../components/ui/acoes-do-formulario';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckboxField, TextAreaField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import {
  collectErrors,
  errorMessage,
  errorsFromRequest,
  errorsFromSchema,
  type FieldErrors,
  focusFirstError,
  requiredError,
} from '../../../lib/validation';
import { useAlterarPlano, useCriarPlano } from '../api/mutations';
import { type Plano, type PlanoDados, type RecursoDoPlano, recursosDoPlano } from '../api/plano';

type PlanoFormDialogProps = {
  open: boolean;
  /** The plan being edited; without it the dialog creates one. */
  plano: Plano | null;
  onClose: () => void;
};

export function PlanoFormDialog({ open, plano, onClose }: PlanoFormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={plano ? `Editar plano ${plano.nome}` : 'Novo plano'}
      size="lg"
    >
      <PlanoForm plano={plano} onDone={onClose} />
    </Dialog>
  );
}

type Field = 'nome' | 'descricao' | 'preco' | 'maxLaudos' | 'maxUsuarios';

/** "99,90", "1.234,5" or "99.90" → 99.9; NaN when it is not a price. */
export function parsePreco(value: string): number {
  const text = value.trim().replace(/^R\$\s*/, '');
  const normalized = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  return /^\d+(\.\d{1,2})?$/.test(normalized) ? Number(normalized) : Number.NaN;
}

function wholeNumberError(value: string, label: string): string | undefined {
  if (value.trim() === '') return `Informe ${label}.`;
  return /^\d+$/.test(value.trim()) ? undefined : `Use um número inteiro, 0 ou maior.`;
}

const noRecursos = Object.fromEntries(recursosDoPlano.map(([key]) => [key, false])) as Record<
  RecursoDoPlano,
  boolean
>;

function PlanoForm({ plano, onDone }: { plano: Plano | null; onDone: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { showToast } = useToast();
  const criar = useCriarPlano();
  const alterar = useAlterarPlano();
  const mutation = plano ? alterar : criar;

  const [nome, setNome] = useState(plano?.nome ?? '');
  const [descricao, setDescricao] = useState(plano?.descricao ?? '');
  const [preco, setPreco] = useState(plano ? plano.preco.toFixed(2).replace('.', ',') : '');
  const [maxLaudos, setMaxLaudos] = useState(String(plano?.maxLaudos ?? 100));
  const [maxUsuarios, setMaxUsuarios] = useState(String(plano?.maxUsuarios ?? 5));
  const [ativo, setAtivo] = useState(plano?.ativo ?? true);
  const [padrao, setPadrao] = useState(plano?.padrao ?? false);
  const [recursos, setRecursos] = useState<Record<RecursoDoPlano, boolean>>(
    plano
      ? (Object.fromEntries(recursosDoPlano.map(([key]) => [key, plano[key]])) as Record<
          RecursoDoPlano,
          boolean
        >)
      : { ...noRecursos, notificacoes: true, emailSupport: true },
  );
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const valorPreco = parsePreco(preco);
    const found = collectErrors<Field>({
      nome: requiredError(nome, 'Informe o nome do plano.'),
      descricao: undefined,
      preco:
        preco.trim() === ''
          ? 'Informe o preço (0 para gratuito).'
          : Number.isNaN(valorPreco)
            ? 'Use um valor como 99,90.'
            : undefined,
      maxLaudos: wholeNumberError(maxLaudos, 'o máximo de laudos'),
      maxUsuarios: wholeNumberError(maxUsuarios, 'o máximo de usuários'),
    });
    const dados: PlanoDados = {
      nome: nome.trim(),
      descricao: descricao.trim() || null,
      preco: valorPreco,
      ativo,
      padrao,
      maxLaudos: Number(maxLaudos),
      maxUsuarios: Number(maxUsuarios),
      ...recursos,
    };
    // Then the server's own rules (@laudos/domain/api): lengths and limits.
    if (Object.keys(found).length === 0)
      Object.assign(found, errorsFromSchema<Field>(criarPlanoEntrada, dados));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, found);
      return;
    }
    const onSuccess = (saved: Plano) => {
      showToast({
        type: 'success',
        title: plano ? `Plano ${saved.nome} salvo.` : `Plano ${saved.nome} criado.`,
      });
      onDone();
    };
    // A 400 names its fields (`campos`): mark them.
    const onError = (error: Error) => {
      const campos = errorsFromRequest<Field>(error);
      if (Object.keys(campos).length === 0) return;
      setErrors(campos);
      focusFirstError(formRef.current, campos);
    };
    if (plano) alterar.mutate({ id: plano.id, ...dados }, { onSuccess, onError });
    else criar.mutate(dados, { onSuccess, onError });
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {mutation.error ? <FormAlert>{errorMessage(mutation.error)}</FormAlert> : null}
      <TextField
        label="Nome"
        name="nome"
        autoComplete="off"
        data-autofocus
        value={nome}
        onChange={(event) => setNome(event.target.value)}
        error={errors.nome}
      />
      <TextAreaField
        label="Descrição"
        optional
        name="descricao"
        rows={2}
        value={descricao}
        onChange={(event) => setDescricao(event.target.value)}
        error={errors.descricao}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Preço mensal (R$)"
          name="preco"
          inputMode="decimal"
          autoComplete="off"
          placeholder="99,90"
          value={preco}
          onChange={(event) => setPreco(event.target.value)}
          error={errors.preco}
        />
        <TextField
          label="Máximo de laudos"
          name="maxLaudos"
          inputMode="numeric"
          autoComplete="off"
          value={maxLaudos}
          onChange={(event) => setMaxLaudos(event.target.value)}
          error={errors.maxLaudos}
        />
        <TextField
          label="Máximo de usuários"
          name="maxUsuarios"
          inputMode="numeric"
          autoComplete="off"
          value={maxUsuarios}
          onChange={(event) => setMaxUsuarios(event.target.value)}
          error={errors.maxUsuarios}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <CheckboxField
          label="Ativo"
          hint="Planos inativos não podem ser escolhidos para novos usuários."
          name="ativo"
          checked={ativo}
          onChange={(event) => setAtivo(event.target.checked)}
        />
        <CheckboxField
          label="Plano padrão"
          hint="Dado a quem se cadastra pelo site. Só um plano é o padrão."
          name="padrao"
          checked={padrao}
          onChange={(event) => setPadrao(event.target.checked)}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Recursos incluídos</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {recursosDoPlano.map(([key, label]) => (
            <CheckboxField
              key={key}
              label={label}
              name={key}
              checked={recursos[key]}
              onChange={(event) => setRecursos((current) => ({ ...current, [key]: event.target.checked }))}
            />
          ))}
        </div>
      </fieldset>
      <AcoesDoFormulario className="pt-2">
        <button type="button" onClick={onDone} className={buttonClass('secondary')}>
          Cancelar
        </button>
        <button type="submit" disabled={mutation.isPending} className={buttonClass('primary')}>
          {mutation.isPending ? 'Salvando...' : plano ? 'Salvar alterações' : 'Criar plano'}
        </button>
      </AcoesDoFormulario>
    </form>
  );
}
