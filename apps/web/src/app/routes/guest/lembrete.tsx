import { useParams } from 'react-router';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { ResponderLembrete } from '../../../features/respostas/components/responder-lembrete';
import { useDocumentTitle } from '../../../lib/document-title';

/** Opened from a reminder e-mail's buttons: {origin}/lembrete/{token}. Public: the signed link is enough. */
export function LembretePage() {
  useDocumentTitle('Resposta ao lembrete');
  const { token = '' } = useParams();
  return (
    <AuthCard title="Resposta ao lembrete">
      <ResponderLembrete token={token} />
    </AuthCard>
  );
}
