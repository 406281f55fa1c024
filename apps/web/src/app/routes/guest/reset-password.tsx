import { UnderConstruction } from '../../../components/ui/under-construction';

export function ResetPasswordPage() {
  return <UnderConstruction title="Redefinir senha" />;
}
