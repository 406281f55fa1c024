import { type Convite, convidarEntrada, type Papel } from '@laudos/domain/api';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import {
  emailError,
  errorMessage,
  errorsFromRequest,
  errorsFromSchema,
  type FieldErrors,
  focusFirstError,
} from '../../lib/validation';
import { useToast } from '../toast';
import { AcoesDoFormulario } from '../ui/acoes-do-formulario';
import { buttonClass } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { SelectField, TextField } from '../ui/field';
import { FormAlert } from '../ui/form-alert';

/** What the form sends. */
type NovoConvite = { email: string; nome: string | null; papel: Papel };

/**
 * Sends an invitation: the gestor's (their company) or the admin's (a company chosen before); the
 * part of a `useMutation` result the form uses.
 */
type ConvidarMutation = Pick<UseMutationResult<Convite, Error>, 'isPending' | 'error' | 'reset'> & {
  mutate: (
    convite: NovoConvite,
    opcoes: { onSuccess: (convite: Convite) => void; onError: (error: Error) => void },
  ) => void;
};

type Field = 'email' | 'nome' | 'papel';

/**
 * "Convidar pessoa": e-mail, name and role; the server e-mails a link valid for 7 days. Its refusal
 * (the plan's limit of users, an e-mail already in a company) shows above the fields.
 */
export function ConvidarDialog({
  open,
  onClose,
  convidar,
}: {
  open: boolean;
  onClose: () => void;
  convidar: ConvidarMutation;
}) {
  return (
    <Dialog
      open={open}
      onClose={() => {
        convidar.reset();
        onClose();
      }}
      title="Convidar pessoa"
      description="A pessoa recebe por e-mail um link, válido por 7 dias, para criar a senha e entrar na equipe."
    >
      <ConvidarForm
        convidar={convidar}
        onDone={() => {
          convidar.reset();
          onClose();
        }}
      />
    </Dialog>
  );
}

function ConvidarForm({ convidar, onDone }: { convidar: ConvidarMutation; onDone: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { showToast } = useToast();
  const [email, setEmail] = useState('');
  const [nome, setNome] = useState('');
  const [papel, setPapel] = useState<Papel>('membro');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const convite = { email: email.trim(), nome: nome.trim() || null, papel };
    const found: FieldErrors<Field> = errorsFromSchema<Field>(convidarEntrada, convite);
    // The e-mail keeps the forms' friendlier texts.
    const emailErrado = emailError(email);
    if (emailErrado) found.email = emailErrado;
    else delete found.email;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, found);
      return;
    }
    convidar.mutate(convite, {
      onSuccess: (criado) => {
        showToast({ type: 'success', title: `Convite enviado para ${criado.email}.` });
        onDone();
      },
      onError: (error) => {
        const campos = errorsFromRequest<Field>(error);
        if (Object.keys(campos).length > 0) {
          setErrors(campos);
          focusFirstError(formRef.current, campos);
        }
      },
    });
  }

  // The plan's limit, an e-mail already in a company and the like: the server's own words.
  const recusa =
    convidar.error && Object.keys(errorsFromRequest(convidar.error)).length === 0
      ? errorMessage(convidar.error)
      : null;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {recusa ? <FormAlert>{recusa}</FormAlert> : null}
      <TextField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        data-autofocus
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <TextField
        label="Nome"
        optional
        name="nome"
        autoComplete="off"
        hint="A pessoa pode corrigi-lo ao aceitar o convite."
        value={nome}
        onChange={(event) => setNome(event.target.value)}
        error={errors.nome}
      />
      <SelectField
        label="Papel"
        name="papel"
        hint="O gestor convida pessoas e altera a equipe; o membro vê os laudos da empresa."
        value={papel}
        onChange={(event) => setPapel(event.target.value === 'gestor' ? 'gestor' : 'membro')}
        error={errors.papel}
      >
        <option value="membro">Membro</option>
        <option value="gestor">Gestor</option>
      </SelectField>
      <AcoesDoFormulario className="pt-2">
        <button type="button" onClick={onDone} className={buttonClass('secondary')}>
          Cancelar
        </button>
        <button
          type="submit"
          disabled={convidar.isPending}
          aria-busy={convidar.isPending || undefined}
          className={buttonClass('primary')}
        >
          {convidar.isPending ? 'Enviando...' : 'Enviar convite'}
        </button>
      </AcoesDoFormulario>
    </form>
  );
}
