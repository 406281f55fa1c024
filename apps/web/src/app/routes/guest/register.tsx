import { UnderConstruction } from '../../../components/ui/under-construction';

export function RegisterPage() {
  return <UnderConstruction title="Criar conta" />;
}
