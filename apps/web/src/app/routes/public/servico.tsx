import { Link } from 'react-router';
import { UnderConstruction } from '../../../components/ui/under-construction';
import type { Servico } from '../../../features/marketing/servicos';
import { paths } from '../../paths';

export function ServicoPage({ servico }: { servico: Servico }) {
  return (
    <UnderConstruction title={servico.nome} description={servico.resumo}>
      <p className="mt-6">
        <Link
          to={paths.home}
          className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
        >
          Ver todos os serviços
        </Link>
      </p>
    </UnderConstruction>
  );
}
