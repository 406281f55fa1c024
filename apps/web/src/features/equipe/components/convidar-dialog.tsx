import { convidarEntrada } from '@laudos/domain/api';
import { type FormEvent, useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import {
  emailError,
  errorMessage,
  errorsFromRequest,
  errorsFromSchema,
  type FieldErrors,
  focusFirstError,
} from '../../../lib/validation';
import type { Papel } from '../api/equipe';
import { useConvidar } from '../api/mutations';

type Field = 'email' | 'nome' | 'papel';

/** "Convidar pessoa": e-mail, name and role; the server e-mails a link valid for 7 days. */
export function ConvidarDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Convidar pessoa"
      description="A pessoa recebe por e-mail um link, válido por 7 dias, para criar a senha e entrar na equipe."
    >
      <ConvidarForm onDone={onClose} />
    </Dialog>
  );
}

function ConvidarForm({ onDone }: { onDone: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { showToast } = useToast();
  const convidar = useConvidar();
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
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onDone} className={buttonClass('secondary')}>
          Cancelar
        </button>
        <button type="submit" disabled={convidar.isPending} className={buttonClass('primary')}>
          {convidar.isPending ? 'Enviando...' : 'Enviar convite'}
        </button>
      </div>
    </form>
  );
}
