import type { Empresa } from '../api/empresa';

type Uso = Empresa['usuarios'];

/** "2 de 3", or "2 (sem limite)" for a company without a plan. */
export function textoDoUso({ usados, limite }: Uso): string {
  const n = usados.toLocaleString('pt-BR');
  return limite === null ? `${n} (sem limite)` : `${n} de ${limite.toLocaleString('pt-BR')}`;
}

/** One line of the plan's usage, "Usuários: 2 de 3", with a bar (amber at the limit). */
export function BarraDeUso({ rotulo, uso }: { rotulo: string; uso: Uso }) {
  const { usados, limite } = uso;
  const cheio = limite !== null && usados >= limite;
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium text-slate-900">{rotulo}</span>
        <span className={cheio ? 'font-semibold text-amber-800' : 'text-slate-700'}>
          {textoDoUso(uso)}
          {cheio ? ' · limite atingido' : ''}
        </span>
      </div>
      {limite !== null ? (
        // The text above says it; the bar is for the eye.
        <div aria-hidden="true" className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-200">
          <div
            className={`h-full rounded-full ${cheio ? 'bg-amber-500' : 'bg-brand-700'}`}
            style={{ width: `${limite === 0 ? 100 : Math.min(100, (usados / limite) * 100)}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}
