import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { paths } from '../../../lib/paths';
import { emailError, errorMessage } from '../../../lib/validation';
import { pedirRedefinicaoDeSenha } from '../api/account';
import { linkClass } from './auth-card';

/** The server answers the same whether the e-mail exists or not, and so does this page. */
export const RESET_REQUESTED_MESSAGE =
  'Se o e-mail estiver cadastrado, você receberá um link para redefinir a senha.';

export function ForgotPasswordForm() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const request = useMutation({ mutationFn: pedirRedefinicaoDeSenha });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = emailError(email);
    setError(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    request.mutate(email.trim());
  }

  if (request.isSuccess) {
    return (
      <div className="space-y-4">
        <FormAlert tone="success">{RESET_REQUESTED_MESSAGE}</FormAlert>
        <p className="text-sm text-slate-700">
          O link vale por 1 hora. Não recebeu? Confira a caixa de spam ou{' '}
          <button type="button" onClick={() => request.reset()} className={linkClass}>
            peça de novo
          </button>
          .
        </p>
        <Link to={paths.login} className={`${buttonClass('secondary', 'lg')} w-full`}>
          Voltar para o login
        </Link>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {request.error ? <FormAlert>{errorMessage(request.error)}</FormAlert> : null}
      <TextField
        ref={inputRef}
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
      />
      <button type="submit" disabled={request.isPending} className={`${buttonClass('primary', 'lg')} w-full`}>
        {request.isPending ? 'Enviando...' : 'Enviar link'}
      </button>
    </form>
  );
}
