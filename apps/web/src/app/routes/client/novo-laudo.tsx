import { useAuth } from '../../../features/auth';
import { NovoLaudo } from '../../../features/laudos/components/novo-laudo';
import { usePublicSettings } from '../../../features/settings/api/public-settings';
import { useDocumentTitle } from '../../../lib/document-title';

export function NovoLaudoPage() {
  useDocumentTitle('Novo laudo');
  const { user } = useAuth();
  const settings = usePublicSettings();
  const admin = user?.tipo === 'admin';
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Novo laudo</h1>
      <p className="mt-2 text-slate-700">
        {admin
          ? 'Cadastre um laudo técnico para um cliente.'
          : `Cadastre um laudo técnico${user?.empresa ? ` de ${user.empresa}` : ''}.`}{' '}
        Os campos sem “(opcional)” são obrigatórios.
      </p>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <NovoLaudo
          admin={admin}
          emailUsuario={user?.email ?? ''}
          uploadHabilitado={settings.data?.features.fileUpload ?? true}
        />
      </div>
    </div>
  );
}
