import { formatarCnpj } from '@laudos/domain';
import type { ReactNode } from 'react';
import { OrEmpty } from '../../../components/ui/empty-value';
import type { Equipe } from '../api/equipe';

/** Nome fantasia, razão social, CNPJ (formatted) and the contact. */
export function DadosDaEmpresa({ empresa }: { empresa: Equipe['empresa'] }) {
  const linhas: [string, ReactNode][] = [
    ['Nome fantasia', empresa.nomeFantasia],
    ['Razão social', empresa.razaoSocial],
    ['CNPJ', <OrEmpty key="cnpj" value={empresa.cnpj && formatarCnpj(empresa.cnpj)} />],
    ['Endereço', <OrEmpty key="endereco" value={empresa.endereco} />],
    ['E-mail de contato', <OrEmpty key="email" value={empresa.emailContato} />],
    ['Telefone', <OrEmpty key="telefone" value={empresa.telefone} />],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {linhas.map(([rotulo, valor]) => (
        <div key={rotulo}>
          <dt className="text-sm text-slate-600">{rotulo}</dt>
          <dd className="font-medium break-words text-slate-900">{valor}</dd>
        </div>
      ))}
    </dl>
  );
}
