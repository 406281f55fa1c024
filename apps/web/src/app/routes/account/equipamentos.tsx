import { Link, useParams } from 'react-router';
import { ForaDoPlano } from '../../../components/fora-do-plano';
import { SkeletonText } from '../../../components/loading';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { useAuth } from '../../../features/auth';
import { useEquipamento } from '../../../features/equipamentos/api/get-equipamento';
import { EquipamentoDetalhes } from '../../../features/equipamentos/components/equipamento-detalhes';
import { EquipamentoForm } from '../../../features/equipamentos/components/equipamento-form';
import { EquipamentosLista } from '../../../features/equipamentos/components/equipamentos-lista';
import { ImportarEquipamentos } from '../../../features/equipamentos/components/importar-equipamentos';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';

/*
 * The NR-13 equipment registry (issue 23), in the frame of the user's area: a client sees their
 * company's equipment, an admin every company's (the server scopes both).
 */

function usePapeis() {
  const { user } = useAuth();
  const admin = user?.tipo === 'admin';
  const gestor = admin || user?.papel === 'gestor';
  // The import is the laudos import's right: admins, and gestores whose plan has the feature.
  return { admin, gestor, importa: admin || (gestor && Boolean(user?.plano?.dataExport)) };
}

export function EquipamentosPage() {
  useDocumentTitle('Equipamentos');
  const { admin, importa } = usePapeis();
  return (
    <div className="mx-auto w-full max-w-6xl min-w-0 px-4 py-8 sm:py-10">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Equipamentos</h1>
          <p className="mt-2 text-slate-700">
            Vasos de pressão, caldeiras, tubulações, tanques e dispositivos de segurança da NR-13, com os
            prazos de cada exame.
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {importa ? (
            <Link to={paths.importarEquipamentos} className={buttonClass('secondary')}>
              Importar planilha
            </Link>
          ) : null}
          <Link to={paths.novoEquipamento} className={buttonClass('primary')}>
            Cadastrar equipamento
          </Link>
        </div>
      </div>
      <div className="mt-6">
        <EquipamentosLista admin={admin} />
      </div>
    </div>
  );
}

/** /equipamentos/importar: admins, and gestores whose plan includes data import and export. */
export function ImportarEquipamentosPage() {
  useDocumentTitle('Importar planilha de equipamentos');
  const { admin, gestor, importa } = usePapeis();
  return (
    <div className="mx-auto w-full max-w-4xl min-w-0 space-y-6 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          Importar planilha de equipamentos
        </h1>
        <p className="mt-2 text-slate-700">
          Cadastre de uma vez os equipamentos de uma planilha: confira cada linha, com a categoria e as
          próximas datas, antes de importar. Ou tudo é importado, ou nada.
        </p>
        <Link to={paths.equipamentos} className="mt-2 inline-block text-brand-700 underline">
          Voltar à lista de equipamentos
        </Link>
      </div>
      {importa ? (
        <ImportarEquipamentos admin={admin} />
      ) : !gestor ? (
        <p className="rounded-xl bg-white p-5 text-slate-700 shadow-sm ring-1 ring-slate-200">
          Só o gestor da empresa pode importar equipamentos de uma planilha. Peça ao gestor da sua empresa.
        </p>
      ) : (
        <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <ForaDoPlano recurso="dataExport">
            A importação cadastra de uma vez os equipamentos de uma planilha (CSV ou Excel), conferindo cada
            linha antes.
          </ForaDoPlano>
        </div>
      )}
    </div>
  );
}

export function NovoEquipamentoPage() {
  useDocumentTitle('Cadastrar equipamento');
  const { admin } = usePapeis();
  return (
    <div className="mx-auto w-full max-w-3xl min-w-0 px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Cadastrar equipamento</h1>
      <p className="mt-2 text-slate-700">
        Escolha o tipo primeiro; a categoria e os prazos aparecem enquanto você preenche. Os campos sem
        “(opcional)” são obrigatórios.
      </p>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <EquipamentoForm admin={admin} />
      </div>
    </div>
  );
}

export function EquipamentoPage() {
  const { id = '' } = useParams();
  const { gestor } = usePapeis();
  return <EquipamentoDetalhes key={id} id={id} gestor={gestor} />;
}

export function EditarEquipamentoPage() {
  const { id = '' } = useParams();
  const { admin } = usePapeis();
  const consulta = useEquipamento(id);
  useDocumentTitle(consulta.data ? `Editar ${consulta.data.tag}` : 'Editar equipamento');
  return (
    <div className="mx-auto w-full max-w-3xl min-w-0 px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {consulta.data ? `Editar ${consulta.data.tag}` : 'Editar equipamento'}
      </h1>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {consulta.isPending ? (
          <SkeletonText />
        ) : consulta.isError ? (
          <ErrorNotice error={consulta.error} onRetry={() => void consulta.refetch()} />
        ) : (
          <EquipamentoForm key={consulta.data.id} admin={admin} equipamento={consulta.data} />
        )}
      </div>
    </div>
  );
}
