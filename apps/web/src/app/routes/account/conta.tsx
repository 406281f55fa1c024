import type { ReactNode } from 'react';
import { useToast } from '../../../components/toast';
import { OrEmpty } from '../../../components/ui/empty-value';
import { type Perfil, useAuth } from '../../../features/auth';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form';
import { SessionsPanel } from '../../../features/auth/components/sessions-panel';
import { TwoFactorSettings } from '../../../features/auth/components/two-factor-settings';
import { CalendarioSecao } from '../../../features/calendario/components/calendario-secao';
import { WhatsappSecao } from '../../../features/whatsapp/components/whatsapp-secao';
import { useDocumentTitle } from '../../../lib/document-title';

/** /conta: the user's data, password, two-factor, sessions and calendar feed. */
export function ContaPage() {
  useDocumentTitle('Minha conta');
  const { user } = useAuth();
  const { showToast } = useToast();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Minha conta</h1>
      {user ? <p className="mt-2 text-slate-700">{user.email}</p> : null}

      <div className="mt-8 space-y-6">
        {user ? (
          <Section id="conta-dados" title="Seus dados">
            <Dados user={user} />
          </Section>
        ) : null}
        <Section
          id="conta-whatsapp"
          title="WhatsApp"
          description="Receba também pelo WhatsApp os avisos de vencimento dos laudos."
        >
          <WhatsappSecao />
        </Section>
        <Section
          id="conta-senha"
          title="Alterar senha"
          description="Ao trocar a senha, as sessões abertas em outros dispositivos são encerradas."
        >
          <ChangePasswordForm
            onSuccess={() => {
              showToast({ type: 'success', title: 'Senha alterada' });
            }}
          />
        </Section>
        <Section id="conta-dois-fatores" title="Verificação em duas etapas">
          <TwoFactorSettings />
        </Section>
        <Section id="conta-sessoes" title="Sessões" description="Onde sua conta está conectada agora.">
          <SessionsPanel />
        </Section>
        <CalendarioSecao />
      </div>
    </div>
  );
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Dados({ user }: { user: Perfil }) {
  const rows: [string, ReactNode][] = [
    ['Nome', user.nome],
    ['E-mail', user.email],
    ['Tipo', user.tipo === 'admin' ? 'Administrador' : 'Cliente'],
    ['Empresa', <OrEmpty key="empresa" value={user.empresa} />],
    ['Telefone', <OrEmpty key="telefone" value={user.telefone} />],
    ['Plano', user.plano?.nome ?? 'Sem plano'],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
