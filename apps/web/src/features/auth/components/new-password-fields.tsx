import { TextField } from '../../../components/ui/field';
import { MIN_PASSWORD_LENGTH } from '../../../lib/validation';

type NewPasswordFieldsProps = {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  passwordError: string | undefined;
  confirmationError: string | undefined;
};

/** "Nova senha" and "Confirmar nova senha", named novaSenha and confirmacao in the form. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label="Nova senha"
        name="novaSenha"
        type="password"
        autoComplete="new-password"
        hint={`Pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`}
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.target.value)}
        error={props.passwordError}
      />
      <TextField
        label="Confirmar nova senha"
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
