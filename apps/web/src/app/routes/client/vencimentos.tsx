import { UnderConstruction } from '../../../components/ui/under-construction';

export function VencimentosPage() {
  return (
    <UnderConstruction title="Vencimentos" description="Acompanhe as datas de vencimento dos seus laudos." />
  );
}
