import { UnderConstruction } from '../../../components/ui/under-construction';

export function NovoLaudoPage() {
  return <UnderConstruction title="Novo laudo" description="Cadastro de um novo laudo técnico." />;
}
