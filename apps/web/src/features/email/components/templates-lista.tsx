import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { rotuloTipoEmail } from '../../../lib/email-labels';
import { useTemplates } from '../api/templates';
import { Secao, Tabela, td } from './tabela';

const colunas = ['Modelo', 'Tipo', 'Assunto', 'Situação', 'Ações'] as const;

/** Every e-mail template; each opens in the editor. */
export function TemplatesLista({ hrefDoModelo }: { hrefDoModelo: (type: string) => string }) {
  const templates = useTemplates();
  return (
    <Secao
      titulo="Modelos"
      descricao="O texto de cada e-mail que o sistema envia. Os modelos editados aqui substituem o padrão."
    >
      {templates.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Carregando modelos...
        </p>
      ) : templates.isError ? (
        <ErrorNotice error={templates.error} onRetry={() => void templates.refetch()} />
      ) : templates.data.length === 0 ? (
        <p className="text-sm text-slate-700">Nenhum modelo cadastrado.</p>
      ) : (
        <Tabela caption="Modelos de e-mail" colunas={colunas}>
          {templates.data.map((template) => (
            <tr key={template.type}>
              <th scope="row" className={`${td} min-w-48 text-left font-semibold text-slate-900`}>
                {template.name}
              </th>
              <td className={`${td} whitespace-nowrap text-slate-700`}>{rotuloTipoEmail(template.type)}</td>
              <td className={`${td} min-w-64 text-slate-700`}>{template.subject}</td>
              <td className={td}>
                <span className="flex flex-wrap gap-1.5">
                  {template.active ? (
                    <Badge tone="success">Ativo</Badge>
                  ) : (
                    <Badge tone="danger">Inativo</Badge>
                  )}
                  {template.editado ? <Badge tone="brand">Editado</Badge> : null}
                </span>
              </td>
              <td className={td}>
                <Link
                  to={hrefDoModelo(template.type)}
                  className="rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50"
                >
                  Editar <span className="sr-only">modelo {template.name}</span>
                </Link>
              </td>
            </tr>
          ))}
        </Tabela>
      )}
    </Secao>
  );
}
