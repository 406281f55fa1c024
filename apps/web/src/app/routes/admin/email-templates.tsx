import { useLocation, useNavigate } from 'react-router';
import { type TabItem, Tabs } from '../../../components/ui/tabs';
import { useAuth } from '../../../features/auth';
import { MensagensEnviadas } from '../../../features/email/components/mensagens-enviadas';
import { TemplateEditor } from '../../../features/email/components/template-editor';
import { TemplatesLista } from '../../../features/email/components/templates-lista';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';

const abas = ['modelos', 'mensagens'] as const;
type Aba = (typeof abas)[number];

function hrefDoModelo(type: string): string {
  return `${paths.adminEmailTemplates}?${new URLSearchParams({ modelo: type })}`;
}

/**
 * /admin/email-templates: the templates (one opens in the editor with ?modelo=) and the messages
 * sent (?aba=mensagens).
 */
export function EmailTemplatesPage() {
  useDocumentTitle('Modelos de e-mail');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const params = new URLSearchParams(search);
  const pedida = params.get('aba');
  const aba: Aba = abas.includes(pedida as Aba) ? (pedida as Aba) : 'modelos';
  const modelo = params.get('modelo');

  const tabs: TabItem[] = [
    {
      id: 'modelos',
      label: 'Modelos',
      panel: modelo ? (
        <TemplateEditor
          key={modelo}
          type={modelo}
          voltarHref={paths.adminEmailTemplates}
          emailTeste={user?.email ?? ''}
        />
      ) : (
        <TemplatesLista hrefDoModelo={hrefDoModelo} />
      ),
    },
    { id: 'mensagens', label: 'Mensagens enviadas', panel: <MensagensEnviadas /> },
  ];

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Modelos de e-mail</h1>
      <p className="mt-2 text-slate-700">
        Os textos dos e-mails enviados aos clientes e as mensagens já enviadas.
      </p>
      <div className="mt-6">
        <Tabs
          label="Seções dos modelos de e-mail"
          tabs={tabs}
          selected={aba}
          onSelect={(id) =>
            navigate({ pathname, search: id === 'modelos' ? '' : `?aba=${id}` }, { replace: true })
          }
        />
      </div>
    </div>
  );
}
