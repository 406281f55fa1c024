import { UnderConstruction } from '../../../components/ui/under-construction';

export function AdminHomePage() {
  return (
    <UnderConstruction title="Administração" description="Usuários, planos e laudos de todos os clientes." />
  );
}
