import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { ApiError } from '../../../lib/api';
import {
  collectErrors,
  confirmationError,
  errorMessage,
  type FieldErrors,
  focusFirstError,
  newPasswordError,
  requiredError,
} from '../../../lib/validation';
import { alterarSenha } from '../api/account';
import { sessoesQueryOptions } from '../api/sessions';

type Field = 'senhaAtual' | 'novaSenha' | 'confirmacao';

const fieldOfCode: Record<string, Field> = {
  SENHA_ATUAL_INCORRETA: 'senhaAtual',
  SENHA_ATUAL_OBRIGATORIA: 'senhaAtual',
  SENHA_FRACA: 'novaSenha',
  SENHA_REPETIDA: 'novaSenha',
};

type ChangePasswordFormProps = {
  /** Runs after the server accepted the new password; the form then empties. */
  onSuccess: () => void | Promise<void>;
  /**
   * The first access: only the new password, twice. The session was opened with the temporary
   * password moments ago, so the server does not ask for it again.
   */
  firstAccess?: boolean;
};

/** The password change of /change-password (also the first access) and of /conta. */
export function ChangePasswordForm({ onSuccess, firstAccess = false }: ChangePasswordFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [senhaAtual, setSenhaAtual] = useState('');
  const [novaSenha, setNovaSenha] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const queryClient = useQueryClient();

  const change = useMutation({
    mutationFn: () => alterarSenha(firstAccess ? { novaSenha } : { senhaAtual, novaSenha }),
    onSuccess: async () => {
      // The server ended the other sessions.
      void queryClient.invalidateQueries({ queryKey: sessoesQueryOptions.queryKey });
      await onSuccess();
      setSenhaAtual('');
      setNovaSenha('');
      setConfirmacao('');
    },
    onError: (error) => {
      const field = error instanceof ApiError ? fieldOfCode[error.code] : undefined;
      if (field) {
        setErrors({ [field]: error.message });
        focusFirstError(formRef.current, { [field]: error.message });
      }
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = collectErrors<Field>({
      senhaAtual: firstAccess ? undefined : requiredError(senhaAtual, 'Informe a senha atual.'),
      novaSenha:
        newPasswordError(novaSenha) ??
        (!firstAccess && novaSenha === senhaAtual ? 'A nova senha deve ser diferente da atual.' : undefined),
      confirmacao: confirmationError(novaSenha, confirmacao),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, found);
      return;
    }
    change.mutate();
  }

  const fieldError = change.error instanceof ApiError && fieldOfCode[change.error.code];

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {change.error && !fieldError ? <FormAlert>{errorMessage(change.error)}</FormAlert> : null}
      {firstAccess ? null : (
        <TextField
          label="Senha atual"
          name="senhaAtual"
          type="password"
          autoComplete="current-password"
          value={senhaAtual}
          onChange={(event) => setSenhaAtual(event.target.value)}
          error={errors.senhaAtual}
        />
      )}
      <NewPasswordFields
        password={novaSenha}
        confirmation={confirmacao}
        onPasswordChange={setNovaSenha}
        onConfirmationChange={setConfirmacao}
        passwordError={errors.novaSenha}
        confirmationError={errors.confirmacao}
      />
      <button
        type="submit"
        disabled={change.isPending}
        className={`${buttonClass('primary', 'lg')} w-full sm:w-auto`}
      >
        {change.isPending ? 'Salvando...' : 'Alterar senha'}
      </button>
    </form>
  );
}
