import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SkeletonText, useRevealDelay } from '../../../components/loading';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { ApiError } from '../../../lib/api';
import { rotuloDoPapel } from '../../../lib/papel';
import { paths } from '../../../lib/paths';
import {
  collectErrors,
  confirmationError,
  errorMessage,
  errorsFromRequest,
  type FieldErrors,
  focusFirstError,
  newPasswordError,
  requiredError,
} from '../../../lib/validation';
import { aceitarConvite, type ConviteAberto, useConviteAberto } from '../api/convite-aberto';

const CONVITE_INVALIDO = 'Convite inválido ou expirado.';

type AceitarConviteProps = {
  token: string;
  /**
   * Shown instead of the form, after the invitation's details: the page's notice for a visitor
   * who is signed in with another account.
   */
  bloqueio?: ReactNode;
  /** The account exists (its e-mail proven): the page sends the person to sign in. */
  onAceito: (email: string) => void;
};

/** /convite/:token: the invitation's company, e-mail and role, then name and password. */
export function AceitarConvite({ token, bloqueio, onAceito }: AceitarConviteProps) {
  const convite = useConviteAberto(token);
  const revelando = useRevealDelay(convite.isPending);

  if (convite.isPending || revelando) return <SkeletonText lines={3} label="Carregando o convite..." />;
  if (convite.isError) {
    if (convite.error instanceof ApiError && convite.error.status === 404) return <ConviteInvalido />;
    return <ErrorNotice error={convite.error} onRetry={() => void convite.refetch()} />;
  }
  return (
    <div className="space-y-6">
      <p className="text-slate-700">
        Você foi convidado para a equipe <strong className="text-slate-900">{convite.data.empresa}</strong> no
        Laudos, como <strong className="text-slate-900">{rotuloDoPapel[convite.data.papel]}</strong>.
      </p>
      {bloqueio ?? <AceitarForm token={token} convite={convite.data} onAceito={onAceito} />}
    </div>
  );
}

/** Unknown, expired, cancelled or already used: the same words, and a way out. */
export function ConviteInvalido({ mensagem = CONVITE_INVALIDO }: { mensagem?: string }) {
  return (
    <div className="space-y-4">
      <FormAlert>
        <strong className="block">{mensagem}</strong>
        Peça ao gestor da sua empresa que envie um novo convite.
      </FormAlert>
      <Link to={paths.home} className={`${buttonClass('secondary', 'lg')} w-full`}>
        Ir para a página inicial
      </Link>
    </div>
  );
}

type Field = 'nome' | 'senha' | 'confirmacao';

/** Server errors that belong to one field. */
const campoDoCodigo: Record<string, Field> = { SENHA_FRACA: 'senha' };

function AceitarForm({
  token,
  convite,
  onAceito,
}: {
  token: string;
  convite: ConviteAberto;
  onAceito: (email: string) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    nome: convite.nome ?? '',
    senha: '',
    confirmacao: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const aceitar = useMutation({
    mutationFn: () => aceitarConvite({ token, nome: values.nome.trim(), senha: values.senha }),
    onSuccess: onAceito,
    onError: (error) => {
      const campo = error instanceof ApiError ? campoDoCodigo[error.code] : undefined;
      const found: FieldErrors<Field> = campo ? { [campo]: error.message } : errorsFromRequest<Field>(error);
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
    // The register page's rules and messages.
    const found = collectErrors<Field>({
      nome: requiredError(values.nome, 'Informe seu nome.'),
      senha: newPasswordError(values.senha),
      confirmacao: confirmationError(values.senha, values.confirmacao),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, found);
      return;
    }
    aceitar.mutate();
  }

  // Used up or cancelled while the page was open: the invalid-invitation notice.
  if (aceitar.error instanceof ApiError && aceitar.error.status === 404)
    return <ConviteInvalido mensagem={aceitar.error.message} />;

  const noCampo =
    aceitar.error &&
    ((aceitar.error instanceof ApiError && campoDoCodigo[aceitar.error.code]) ||
      Object.keys(errorsFromRequest(aceitar.error)).length > 0);
  const alerta = aceitar.error && !noCampo ? errorMessage(aceitar.error) : null;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      {alerta ? <FormAlert>{alerta}</FormAlert> : null}
      <TextField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="username"
        readOnly
        hint="O convite vale para este e-mail."
        value={convite.email}
      />
      <TextField
        label="Nome"
        name="nome"
        autoComplete="name"
        value={values.nome}
        onChange={set('nome')}
        error={errors.nome}
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
        disabled={aceitar.isPending || aceitar.isSuccess}
        className={`${buttonClass('primary', 'lg')} w-full`}
      >
        {aceitar.isPending ? 'Criando conta...' : 'Aceitar convite'}
      </button>
    </form>
  );
}
