import { ForaDoPlano } from '../../../components/fora-do-plano';
import { useAuth } from '../../../features/auth';
import { ImportarLaudos } from '../../../features/importacao/components/importar-laudos';
import { useDocumentTitle } from '../../../lib/document-title';
import { adminLaudosHref, paths } from '../../../lib/paths';

/**
 * /laudos/importar (issue 22): admins for any company, a company's gestor when the plan includes
 * data import and export. The server decides; this page only says so before the person tries.
 */
export function ImportarLaudosPage() {
  useDocumentTitle('Importar planilha');
  const { user } = useAuth();
  const admin = user?.tipo === 'admin';
  return (
    <div className="mx-auto w-full max-w-5xl min-w-0 space-y-6 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Importar planilha de laudos</h1>
        <p className="mt-2 text-slate-700">
          Traga os laudos que já estão numa planilha: confira cada linha antes de importar.
        </p>
      </div>
      {admin ? (
        <ImportarLaudos admin listaHref={adminLaudosHref} />
      ) : user?.papel !== 'gestor' ? (
        <p className="rounded-xl bg-white p-5 text-slate-700 shadow-sm ring-1 ring-slate-200">
          Só o gestor da empresa pode importar laudos de uma planilha. Peça ao gestor da sua empresa.
        </p>
      ) : user.plano?.dataExport ? (
        <ImportarLaudos admin={false} listaHref={paths.vencimentos} />
      ) : (
        <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <ForaDoPlano recurso="dataExport">
            A importação cadastra de uma vez os laudos de uma planilha (CSV ou Excel), conferindo cada linha
            antes; a exportação leva os seus laudos para uma planilha.
          </ForaDoPlano>
        </div>
      )}
    </div>
  );
}
