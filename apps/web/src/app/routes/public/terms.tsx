import { UnderConstruction } from '../../../components/ui/under-construction';

export function TermsPage() {
  return <UnderConstruction title="Termos de uso e privacidade" />;
}
