import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useToast } from '../../../components/toast';
import { buttonClass } from '../../../components/ui/button';
import { useAuth } from '../../../features/auth';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { AceitarConvite } from '../../../features/equipe/components/aceitar-convite';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';
import type { LoginState } from './login';

/**
 * Opened from the invitation e-mail: {origin}/convite/{token}. Public; someone signed in (perhaps
 * the gestor testing the link) is told whose session it is and may sign out here, never sent away.
 */
export function ConvitePage() {
  useDocumentTitle('Convite para a equipe');
  const { token = '' } = useParams();
  const { status, user, signOut } = useAuth();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [saindo, setSaindo] = useState(false);

  async function sair() {
    setSaindo(true);
    try {
      await signOut();
    } catch (error) {
      showToast({
        type: 'error',
        title: 'Não foi possível sair',
        message: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setSaindo(false);
    }
  }

  const bloqueio = user ? (
    <div className="space-y-4">
      <p role="status" className="text-slate-700">
        Você está conectado como <strong className="break-all text-slate-900">{user.email}</strong>; saia para
        aceitar o convite.
      </p>
      <button
        type="button"
        onClick={() => void sair()}
        disabled={saindo}
        className={`${buttonClass('primary', 'lg')} w-full`}
      >
        {saindo ? 'Saindo...' : 'Sair'}
      </button>
    </div>
  ) : undefined;

  return (
    <AuthCard title="Convite para a equipe">
      {status === 'loading' ? null : (
        <AceitarConvite
          token={token}
          bloqueio={bloqueio}
          onAceito={(email) => {
            const state: LoginState = {
              email,
              aviso: 'Conta criada. Entre com a senha que você acabou de escolher.',
            };
            void navigate(paths.login, { replace: true, state });
          }}
        />
      )}
    </AuthCard>
  );
}
