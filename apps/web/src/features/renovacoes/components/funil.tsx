import { useState } from 'react';
import { SkeletonText } from '../../../components/loading';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SelectField } from '../../../components/ui/field';
import { type Funil, useFunil } from '../api/renovacoes';

const METRICAS = [
  { chave: 'lembretes', rotulo: 'Lembretes enviados', cor: 'bg-slate-400' },
  { chave: 'pedidos', rotulo: 'Pedidos de renovação', cor: 'bg-brand-600' },
  { chave: 'concluidos', rotulo: 'Concluídos', cor: 'bg-emerald-600' },
] as const;

const nomeDoMes = new Intl.DateTimeFormat('pt-BR', { month: 'short', year: '2-digit', timeZone: 'UTC' });
function rotuloDoMes(mes: string): string {
  return nomeDoMes.format(new Date(`${mes}-15T12:00:00Z`));
}

/** The month's totals over every type, or over one. */
function porMes(funil: Funil, tipo: string) {
  return funil.meses.map((mes) => {
    const linhas = funil.linhas.filter((l) => l.mes === mes && (!tipo || l.tipo === tipo));
    return {
      mes,
      lembretes: linhas.reduce((s, l) => s + l.lembretes, 0),
      pedidos: linhas.reduce((s, l) => s + l.pedidos, 0),
      concluidos: linhas.reduce((s, l) => s + l.concluidos, 0),
    };
  });
}

/**
 * The monthly funnel (last 12 months): reminders sent → renewal requests → concluded, for every
 * laudo type or one. Bars drawn with CSS; the same numbers in a table for screen readers.
 */
export function FunilMensal() {
  const funil = useFunil();
  const [tipo, setTipo] = useState('');
  if (funil.isPending) return <SkeletonText lines={4} label="Carregando o funil" />;
  if (funil.isError) return <ErrorNotice error={funil.error} onRetry={() => void funil.refetch()} />;
  const meses = porMes(funil.data, tipo);
  const maximo = Math.max(1, ...meses.flatMap((m) => [m.lembretes, m.pedidos, m.concluidos]));
  return (
    <div className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label="Tipo de laudo"
          className="max-w-xs"
          value={tipo}
          onChange={(e) => setTipo(e.target.value)}
        >
          <option value="">Todos os tipos</option>
          {funil.data.tipos.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <ul className="flex flex-wrap gap-3 text-sm text-slate-700" aria-hidden="true">
          {METRICAS.map((m) => (
            <li key={m.chave} className="flex items-center gap-1.5">
              <span className={`inline-block size-3 rounded-sm ${m.cor}`} />
              {m.rotulo}
            </li>
          ))}
        </ul>
      </div>
      <div aria-hidden="true" className="space-y-2">
        {meses.map((m) => (
          <div key={m.mes} className="grid grid-cols-[3.5rem_1fr] items-center gap-2">
            <span className="text-xs text-slate-600">{rotuloDoMes(m.mes)}</span>
            <div className="min-w-0 space-y-0.5">
              {METRICAS.map((metrica) => (
                <div key={metrica.chave} className="flex items-center gap-1.5">
                  <div
                    className={`h-2.5 rounded-sm ${metrica.cor}`}
                    style={{
                      width: `${(m[metrica.chave] / maximo) * 85}%`,
                      minWidth: m[metrica.chave] ? 2 : 0,
                    }}
                  />
                  <span className="text-xs text-slate-600">{m[metrica.chave]}</span>
                </div>
              ))}
            </div>
          </div>
        ))}
      </div>
      {/* In a 1 px box: a table is as wide as its content whatever its own width says. */}
      <div className="sr-only">
        <table>
          <caption>Funil de renovação por mês{tipo ? `, tipo ${tipo}` : ''}</caption>
          <thead>
            <tr>
              <th scope="col">Mês</th>
              {METRICAS.map((m) => (
                <th key={m.chave} scope="col">
                  {m.rotulo}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {meses.map((m) => (
              <tr key={m.mes}>
                <th scope="row">{rotuloDoMes(m.mes)}</th>
                <td>{m.lembretes}</td>
                <td>{m.pedidos}</td>
                <td>{m.concluidos}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
