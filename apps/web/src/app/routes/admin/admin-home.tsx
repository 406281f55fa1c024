import { useLocation, useNavigate } from 'react-router';
import { type TabItem, Tabs } from '../../../components/ui/tabs';
import { useAuth } from '../../../features/auth';
import { useEquipe } from '../../../features/empresas/api/get-equipe';
import { EmpresasAdmin } from '../../../features/empresas/components/empresas-admin';
import { LaudosAdmin } from '../../../features/laudos/components/laudos-admin';
import { TiposLaudoAdmin } from '../../../features/laudos/components/tipos-laudo-admin';
import { usePlanos } from '../../../features/planos/api/list-planos';
import { PlanosAdmin } from '../../../features/planos/components/planos-admin';
import { SettingsForm } from '../../../features/settings/components/settings-form';
import { UsuariosAdmin } from '../../../features/usuarios/components/usuarios-admin';
import { useDocumentTitle } from '../../../lib/document-title';
import { adminLaudosHref } from '../../../lib/paths';

const abas = ['usuarios', 'empresas', 'laudos', 'tipos', 'planos', 'configuracoes'] as const;
type Aba = (typeof abas)[number];

/**
 * /admin: users, companies, laudos, laudo types, plans and settings, one tab each (the tab is kept in ?aba= for
 * links and reloads; ?empresa= narrows the laudos to one company).
 */
export function AdminHomePage() {
  useDocumentTitle('Administração');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const pedida = params.get('aba');
  const empresaId = params.get('empresa');
  const aba: Aba = abas.includes(pedida as Aba) ? (pedida as Aba) : 'usuarios';
  const { user } = useAuth();

  const tabs: TabItem[] = [
    { id: 'usuarios', label: 'Usuários', panel: <UsuariosTab currentUserId={user?.id ?? ''} /> },
    { id: 'empresas', label: 'Empresas', panel: <EmpresasTab /> },
    {
      id: 'laudos',
      label: 'Laudos',
      panel: empresaId ? (
        <LaudosDaEmpresa
          key={empresaId}
          empresaId={empresaId}
          onLimpar={() => navigate(adminLaudosHref, { replace: true })}
        />
      ) : (
        <LaudosAdmin />
      ),
    },
    { id: 'tipos', label: 'Tipos de laudo', panel: <TiposLaudoAdmin /> },
    { id: 'planos', label: 'Planos', panel: <PlanosAdmin /> },
    {
      id: 'configuracoes',
      label: 'Configurações',
      panel: <SettingsTab adminHasTwoFactor={user?.dois_fatores ?? false} />,
    },
  ];

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Administração</h1>
      <p className="mt-2 text-slate-700">
        Usuários, empresas, laudos, tipos de laudo, planos e configurações do sistema.
      </p>
      <div className="mt-6">
        <Tabs
          label="Seções da administração"
          tabs={tabs}
          selected={aba}
          onSelect={(id) =>
            navigate({ pathname, search: id === 'usuarios' ? '' : `?aba=${id}` }, { replace: true })
          }
        />
      </div>
    </div>
  );
}

/** The settings tab offers the plans as the recommended one; they come from the plans feature. */
function SettingsTab({ adminHasTwoFactor }: { adminHasTwoFactor: boolean }) {
  const planos = usePlanos();
  const opcoes = (planos.data ?? []).map(({ id, nome, ativo }) => ({ id, nome, ativo }));
  return <SettingsForm adminHasTwoFactor={adminHasTwoFactor} planos={opcoes} />;
}

/** The users tab needs the plans for its filter and form; they come from the plans feature. */
function UsuariosTab({ currentUserId }: { currentUserId: string }) {
  const planos = usePlanos();
  const opcoes = (planos.data ?? []).map(({ id, nome }) => ({ id, nome }));
  return <UsuariosAdmin planos={opcoes} currentUserId={currentUserId} />;
}

/** The companies tab needs the plans for its filter and forms; they come from the plans feature. */
function EmpresasTab() {
  const planos = usePlanos();
  const opcoes = (planos.data ?? []).map(({ id, nome }) => ({ id, nome }));
  return <EmpresasAdmin planos={opcoes} />;
}

/** The laudos of one company ("Ver laudos da empresa"), named from the companies feature. */
function LaudosDaEmpresa({ empresaId, onLimpar }: { empresaId: string; onLimpar: () => void }) {
  const equipe = useEquipe(empresaId);
  return (
    <LaudosAdmin
      empresa={{ id: empresaId, nome: equipe.data?.empresa.nomeFantasia ?? null }}
      onLimparEmpresa={onLimpar}
    />
  );
}
