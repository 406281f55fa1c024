import { useLocation, useNavigate } from 'react-router';
import { type TabItem, Tabs } from '../../../components/ui/tabs';
import { AgendadorPainel } from '../../../features/email/components/agendador-painel';
import { RegistrosNotificacao } from '../../../features/email/components/registros-notificacao';
import { RegrasNotificacao } from '../../../features/email/components/regras-notificacao';
import { ServicoEmail } from '../../../features/email/components/servico-email';
import { SimulacaoEnvio } from '../../../features/email/components/simulacao-envio';
import { SupressoesLista } from '../../../features/email/components/supressoes-lista';
import { MensagensWhatsapp } from '../../../features/whatsapp/components/mensagens-whatsapp';
import { useDocumentTitle } from '../../../lib/document-title';

const abas = ['regras', 'agendador', 'simulacao', 'registros', 'emails', 'supressoes', 'whatsapp'] as const;
type Aba = (typeof abas)[number];

/** /admin/email-notifications: the reminders' rules, scheduler, dry run, logs and e-mail service. */
export function EmailNotificationsPage() {
  useDocumentTitle('Notificações por e-mail');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const pedida = new URLSearchParams(search).get('aba');
  const aba: Aba = abas.includes(pedida as Aba) ? (pedida as Aba) : 'regras';

  const tabs: TabItem[] = [
    { id: 'regras', label: 'Regras', panel: <RegrasNotificacao /> },
    { id: 'agendador', label: 'Agendador', panel: <AgendadorPainel /> },
    { id: 'simulacao', label: 'Simulação', panel: <SimulacaoEnvio /> },
    { id: 'registros', label: 'Registros', panel: <RegistrosNotificacao /> },
    { id: 'emails', label: 'E-mails', panel: <ServicoEmail /> },
    { id: 'supressoes', label: 'Supressões', panel: <SupressoesLista /> },
    { id: 'whatsapp', label: 'WhatsApp', panel: <MensagensWhatsapp /> },
  ];

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Notificações por e-mail</h1>
      <p className="mt-2 text-slate-700">
        Os lembretes de vencimento enviados aos clientes: regras, agendador, simulação e registros.
      </p>
      <div className="mt-6">
        <Tabs
          label="Seções das notificações"
          tabs={tabs}
          selected={aba}
          onSelect={(id) =>
            navigate({ pathname, search: id === 'regras' ? '' : `?aba=${id}` }, { replace: true })
          }
        />
      </div>
    </div>
  );
}
