import { UnderConstruction } from '../../../components/ui/under-construction';

export function ChangePasswordPage() {
  return <UnderConstruction title="Alterar senha" />;
}
