import { UnderConstruction } from '../../../components/ui/under-construction';

export function EmailNotificationsPage() {
  return (
    <UnderConstruction
      title="Notificações por e-mail"
      description="Regras de envio dos avisos de vencimento."
    />
  );
}
