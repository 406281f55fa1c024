import { UnderConstruction } from '../../../components/ui/under-construction';

export function LoginPage() {
  return (
    <UnderConstruction title="Entrar" description="Acesse a área do cliente para acompanhar seus laudos." />
  );
}
