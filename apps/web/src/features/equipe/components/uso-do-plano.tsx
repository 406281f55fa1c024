import { Badge } from '../../../components/ui/badge';
import type { Equipe } from '../api/equipe';

type Uso = Equipe['empresa']['usuarios'];

/** "2 de 3 usuários" with a bar; the text carries the numbers, so the bar is only a picture. */
function UsoComBarra({ uso, singular, plural }: { uso: Uso; singular: string; plural: string }) {
  const { usados, limite } = uso;
  const numero = (n: number) => n.toLocaleString('pt-BR');
  const texto =
    limite === null
      ? `${numero(usados)} ${usados === 1 ? singular : plural} (sem limite)`
      : `${numero(usados)} de ${numero(limite)} ${limite === 1 ? singular : plural}`;
  const atingido = limite !== null && usados >= limite;
  const percentual = limite ? Math.min(100, Math.round((usados / limite) * 100)) : 0;
  return (
    <div>
      <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
        {texto}
        {atingido ? <Badge tone="warning">Limite atingido</Badge> : null}
      </p>
      {limite !== null ? (
        <div aria-hidden="true" className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200">
          <div
            className={`h-full rounded-full ${atingido ? 'bg-amber-500' : 'bg-brand-700'}`}
            style={{ width: `${percentual}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}

/** The company's plan and how much of it is used (people and invitations; laudos). */
export function UsoDoPlano({ empresa }: { empresa: Equipe['empresa'] }) {
  return (
    <div className="space-y-4">
      <p className="text-slate-700">
        Plano: <strong className="text-slate-900">{empresa.plano?.nome ?? 'Sem plano'}</strong>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="text-sm font-medium text-slate-600">Usuários</h3>
          <div className="mt-1">
            <UsoComBarra uso={empresa.usuarios} singular="usuário" plural="usuários" />
          </div>
          <p className="mt-1 text-xs text-slate-600">Pessoas ativas e convites pendentes contam no limite.</p>
        </div>
        <div>
          <h3 className="text-sm font-medium text-slate-600">Laudos</h3>
          <div className="mt-1">
            <UsoComBarra uso={empresa.laudos} singular="laudo" plural="laudos" />
          </div>
        </div>
      </div>
    </div>
  );
}
