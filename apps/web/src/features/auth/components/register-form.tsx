import { cadastroEntrada } from '@laudos/domain/api';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { ApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import {
  collectErrors,
  confirmationError,
  emailError,
  errorMessage,
  errorsFromRequest,
  errorsFromSchema,
  type FieldErrors,
  focusFirstError,
  newPasswordError,
  requiredError,
} from '../../../lib/validation';
import { cadastrar } from '../api/account';
import { signInWithEmail } from '../api/sign-in';
import { useAuth } from '../auth-context';

type Field = 'nome' | 'email' | 'empresa' | 'telefone' | 'senha' | 'confirmacao';

/** Server errors that belong to one field. */
const fieldOfCode: Record<string, Field> = { SENHA_FRACA: 'senha' };

/**
 * Sign-up. The server answers the same for a new and a taken e-mail and opens no session, so the form
 * signs in with what was just typed: a new account opens /dashboard (with the banner asking to
 * confirm the e-mail); otherwise the server's message says to check the mailbox.
 */
export function RegisterForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    nome: '',
    email: '',
    empresa: '',
    telefone: '',
    senha: '',
    confirmacao: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const { refresh } = useAuth();
  const { showToast } = useToast();

  const [mensagem, setMensagem] = useState<string | null>(null);
  const dados = () => ({
    nome: values.nome.trim(),
    email: values.email.trim(),
    senha: values.senha,
    ...(values.empresa.trim() ? { empresa: values.empresa.trim() } : {}),
    ...(values.telefone.trim() ? { telefone: values.telefone.trim() } : {}),
  });
  const register = useMutation({
    mutationFn: () => cadastrar(dados()),
    onSuccess: async (resposta) => {
      const entrou = await signInWithEmail({
        email: values.email.trim(),
        password: values.senha,
        rememberMe: true,
      })
        .then(() => true)
        .catch(() => false);
      const perfil = entrou ? await refresh().catch(() => null) : null;
      if (perfil) {
        showToast({
          type: 'success',
          title: 'Conta criada',
          message: 'Confirme seu e-mail pelo link que enviamos para ver os laudos enviados a ele.',
        });
        return;
      }
      setMensagem(resposta);
    },
    onError: (error) => {
      const field = error instanceof ApiError ? fieldOfCode[error.code] : undefined;
      // SENHA_FRACA belongs to the password; a 400 of invalid input names its fields.
      const found: FieldErrors<Field> = field ? { [field]: error.message } : errorsFromRequest<Field>(error);
      if (Object.keys(found).length > 0) {
        setErrors(found);
        focusFirstError(formRef.current, found);
      }
    },
  });

  function set(field: Field) {
    return (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = collectErrors<Field>({
      nome: requiredError(values.nome, 'Informe seu nome.'),
      email: emailError(values.email),
      empresa: undefined,
      telefone: undefined,
      senha: newPasswordError(values.senha),
      confirmacao: confirmationError(values.senha, values.confirmacao),
    });
    // Then the server's own rules (@laudos/domain/api): the lengths of each field.
    if (Object.keys(found).length === 0)
      Object.assign(found, errorsFromSchema<Field>(cadastroEntrada, dados()));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, found);
      return;
    }
    register.mutate();
  }

  const fieldError = register.error instanceof ApiError && fieldOfCode[register.error.code];
  const alert = register.error && !fieldError ? errorMessage(register.error) : null;

  if (mensagem) {
    return (
      <div className="space-y-4">
        <FormAlert tone="success">
          <strong className="block">Confira seu e-mail</strong>
          {mensagem}
        </FormAlert>
        <Link to={paths.login} className={`${buttonClass('primary', 'lg')} w-full`}>
          Ir para o login
        </Link>
      </div>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <TextField
        label="Nome"
        name="nome"
        autoComplete="name"
        value={values.nome}
        onChange={set('nome')}
        error={errors.nome}
      />
      <TextField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <TextField
        label="Empresa ou CNPJ"
        optional
        name="empresa"
        autoComplete="organization"
        hint="Um administrador confirma o vínculo; até lá você vê apenas os laudos enviados ao seu e-mail."
        value={values.empresa}
        onChange={set('empresa')}
        error={errors.empresa}
      />
      <TextField
        label="Telefone"
        optional
        name="telefone"
        type="tel"
        autoComplete="tel"
        value={values.telefone}
        onChange={set('telefone')}
        error={errors.telefone}
      />
      <NewPasswordFields
        label="Senha"
        name="senha"
        password={values.senha}
        confirmation={values.confirmacao}
        onPasswordChange={(senha) => setValues((current) => ({ ...current, senha }))}
        onConfirmationChange={(confirmacao) => setValues((current) => ({ ...current, confirmacao }))}
        passwordError={errors.senha}
        confirmationError={errors.confirmacao}
      />
      <button
        type="submit"
        disabled={register.isPending || register.isSuccess}
        className={`${buttonClass('primary', 'lg')} w-full`}
      >
        {register.isPending ? 'Criando conta...' : 'Criar conta'}
      </button>
    </form>
  );
}
