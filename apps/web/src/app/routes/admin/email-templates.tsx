import { UnderConstruction } from '../../../components/ui/under-construction';

export function EmailTemplatesPage() {
  return (
    <UnderConstruction title="Modelos de e-mail" description="Textos dos e-mails enviados aos clientes." />
  );
}
