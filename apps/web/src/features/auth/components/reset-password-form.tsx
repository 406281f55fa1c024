import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { ApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import {
  collectErrors,
  confirmationError,
  errorMessage,
  type FieldErrors,
  focusFirstError,
  newPasswordError,
} from '../../../lib/validation';
import { redefinirSenha } from '../api/account';
import { linkClass } from './auth-card';

export const PASSWORD_RESET_DONE_MESSAGE = 'Senha redefinida. Entre com a nova senha.';

type Field = 'novaSenha' | 'confirmacao';

/** The new password, with the token of the e-mailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [novaSenha, setNovaSenha] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const navigate = useNavigate();
  const { showToast } = useToast();

  const reset = useMutation({
    mutationFn: () => redefinirSenha({ token, novaSenha }),
    onSuccess: () => {
      showToast({ type: 'success', title: PASSWORD_RESET_DONE_MESSAGE });
      navigate(paths.login, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'SENHA_FRACA') {
        setErrors({ novaSenha: error.message });
        focusFirstError(formRef.current, { novaSenha: error.message });
      }
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = collectErrors<Field>({
      novaSenha: newPasswordError(novaSenha),
      confirmacao: confirmationError(novaSenha, confirmacao),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, found);
      return;
    }
    reset.mutate();
  }

  const weak = reset.error instanceof ApiError && reset.error.code === 'SENHA_FRACA';
  const invalidLink = reset.error instanceof ApiError && reset.error.code === 'LINK_INVALIDO';

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {reset.error && !weak ? (
        <FormAlert>
          {errorMessage(reset.error)}
          {invalidLink ? (
            <>
              {' '}
              <Link to={paths.forgotPassword} className={linkClass}>
                Pedir um novo link
              </Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
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
        disabled={reset.isPending || reset.isSuccess}
        className={`${buttonClass('primary', 'lg')} w-full`}
      >
        {reset.isPending ? 'Salvando...' : 'Redefinir senha'}
      </button>
    </form>
  );
}
