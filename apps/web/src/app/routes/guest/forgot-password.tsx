import { UnderConstruction } from '../../../components/ui/under-construction';

export function ForgotPasswordPage() {
  return (
    <UnderConstruction
      title="Recuperar senha"
      description="Enviaremos um link para você criar uma nova senha."
    />
  );
}
