import { MIN_PASSWORD_LENGTH } from '../../lib/validation';
import { TextField } from './field';

type NewPasswordFieldsProps = {
  /** "Nova senha" (a change or a reset) or "Senha" (a new account); the confirmation follows it. */
  label?: 'Nova senha' | 'Senha';
  /** The password input's name (the confirmation's is `confirmacao`), for `focusFirstError`. */
  name?: string;
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  passwordError: string | undefined;
  confirmationError: string | undefined;
};

/**
 * A password chosen twice: "Nova senha" and "Confirmar nova senha" (named novaSenha and confirmacao),
 * or, on a new account, "Senha" and "Confirmar senha".
 */
export function NewPasswordFields({
  label = 'Nova senha',
  name = 'novaSenha',
  ...props
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={label}
        name={name}
        type="password"
        autoComplete="new-password"
        hint={`Pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`}
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.target.value)}
        error={props.passwordError}
      />
      <TextField
        label={`Confirmar ${label.toLowerCase()}`}
        name="confirmacao"
        type="password"
        autoComplete="new-password"
        value={props.confirmation}
        onChange={(event) => props.onConfirmationChange(event.target.value)}
        error={props.confirmationError}
      />
    </>
  );
}
