import { RegistroDeAuditoria } from '../../../features/auditoria/components/registro-de-auditoria';
import { useDocumentTitle } from '../../../lib/document-title';

/** /admin/auditoria (issue 22, decision 046): who did what, when, from where. */
export function AdminAuditoriaPage() {
  useDocumentTitle('Auditoria');
  return (
    <div className="mx-auto w-full max-w-7xl min-w-0 space-y-6 px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Registro de auditoria</h1>
      <RegistroDeAuditoria />
    </div>
  );
}
