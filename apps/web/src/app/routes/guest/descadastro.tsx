import { useParams } from 'react-router';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { ConfirmarDescadastro } from '../../../features/preferencias/components/confirmar-descadastro';
import { useDocumentTitle } from '../../../lib/document-title';

/** Opened from an e-mail's "Descadastre-se": {origin}/descadastro/{token}. Public: the signed link is enough. */
export function DescadastroPage() {
  useDocumentTitle('Descadastrar e-mails');
  const { token = '' } = useParams();
  return (
    <AuthCard title="Descadastrar e-mails">
      <ConfirmarDescadastro token={token} />
    </AuthCard>
  );
}
