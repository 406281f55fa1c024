import { Link } from 'react-router';
import { SkeletonTable, useRevealDelay } from '../../../components/loading';
import { Badge } from '../../../components/ui/badge';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { rotuloTipoEmail } from '../../../lib/email-labels';
import { useTemplates } from '../api/templates';
import { Secao } from './secao';

/** Every e-mail template; each opens in the editor. */
export function TemplatesLista({ hrefDoModelo }: { hrefDoModelo: (type: string) => string }) {
  const templates = useTemplates();
  const revelando = useRevealDelay(templates.isPending);
  return (
    <Secao
      titulo="Modelos"
      descricao="O texto de cada e-mail que o sistema envia. Os modelos editados aqui substituem o padrão."
    >
      {templates.isPending || revelando ? (
        <SkeletonTable rows={4} columns={4} label="Carregando modelos..." />
      ) : templates.isError ? (
        <ErrorNotice error={templates.error} onRetry={() => void templates.refetch()} />
      ) : templates.data.length === 0 ? (
        <p className="text-sm text-slate-700">Nenhum modelo cadastrado.</p>
      ) : (
        <DataTable
          caption="Modelos de e-mail"
          rows={templates.data}
          rowKey={(template) => template.type}
          columns={[
            {
              header: 'Modelo',
              rowHeader: true,
              className: 'min-w-48 font-semibold text-slate-900',
              cell: (template) => template.name,
            },
            {
              header: 'Tipo',
              className: 'whitespace-nowrap text-slate-700',
              cell: (template) => rotuloTipoEmail(template.type),
            },
            { header: 'Assunto', className: 'min-w-64 text-slate-700', cell: (template) => template.subject },
            {
              header: 'Situação',
              cell: (template) => (
                <span className="flex flex-wrap gap-1.5">
                  {template.active ? (
                    <Badge tone="success">Ativo</Badge>
                  ) : (
                    <Badge tone="danger">Inativo</Badge>
                  )}
                  {template.editado ? <Badge tone="brand">Editado</Badge> : null}
                </span>
              ),
            },
            {
              header: 'Ações',
              cell: (template) => (
                <Link
                  to={hrefDoModelo(template.type)}
                  className="rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50"
                >
                  Editar <span className="sr-only">modelo {template.name}</span>
                </Link>
              ),
            },
          ]}
        />
      )}
    </Secao>
  );
}
