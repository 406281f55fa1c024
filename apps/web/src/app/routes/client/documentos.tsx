import { UnderConstruction } from '../../../components/ui/under-construction';

export function DocumentosPage() {
  return <UnderConstruction title="Documentos" description="Arquivos dos seus laudos." />;
}
