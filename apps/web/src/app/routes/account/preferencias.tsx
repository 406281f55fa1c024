import { GradeDePreferencias } from '../../../features/preferencias/components/grade-de-preferencias';
import { useDocumentTitle } from '../../../lib/document-title';

/** /preferencias: which messages the person receives, per channel (both areas, like /conta). */
export function PreferenciasPage() {
  useDocumentTitle('Preferências de notificação');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Preferências de notificação</h1>
      <p className="mt-2 text-slate-700">Escolha o que deseja receber e por qual canal.</p>
      <div className="mt-8">
        <GradeDePreferencias />
      </div>
    </div>
  );
}
