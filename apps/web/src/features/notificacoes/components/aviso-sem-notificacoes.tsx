import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { paths } from '../../../lib/paths';

/**
 * Said on the client's screens when the company's plan leaves out `notificacoes` (issue 18): the
 * server sends them no reminder nor monthly report, so nobody waits for one.
 */
export function AvisoSemNotificacoes() {
  return (
    <FormAlert tone="info">
      <p className="font-semibold">Seu plano não inclui notificações por e-mail.</p>
      <p className="mt-1">
        Os lembretes de vencimento e o relatório mensal não são enviados para a sua empresa: acompanhe os
        vencimentos por aqui.{' '}
        <Link to={paths.planos} className="font-medium text-brand-800 underline underline-offset-2">
          Ver os planos que incluem
        </Link>
      </p>
    </FormAlert>
  );
}
