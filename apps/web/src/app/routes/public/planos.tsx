import { UnderConstruction } from '../../../components/ui/under-construction';

export function PlanosPage() {
  return (
    <UnderConstruction
      title="Planos"
      description="Conheça os planos para acompanhar seus laudos e vencimentos."
    />
  );
}
