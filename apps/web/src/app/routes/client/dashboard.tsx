import { UnderConstruction } from '../../../components/ui/under-construction';

export function DashboardPage() {
  return (
    <UnderConstruction title="Painel" description="Resumo dos seus laudos e dos próximos vencimentos." />
  );
}
