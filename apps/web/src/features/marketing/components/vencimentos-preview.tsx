// Illustration for the landing page: what the client area's expiry list looks like. Sample data,
// hidden from assistive technology because it describes nothing real.
const exemplos = [
  { nome: 'Caldeira B-02', tipo: 'NR-13', prazo: 'Vence em 12 dias', status: 'Vencendo' },
  { nome: 'Prensa hidráulica', tipo: 'NR-12', prazo: 'Vence em 8 meses', status: 'Ativo' },
  { nome: 'Elevador social', tipo: 'Elevadores', prazo: 'Venceu há 3 dias', status: 'Vencido' },
] as const;

const badge: Record<(typeof exemplos)[number]['status'], string> = {
  Ativo: 'bg-green-100 text-green-800',
  Vencendo: 'bg-amber-100 text-amber-800',
  Vencido: 'bg-red-100 text-red-800',
};

export function VencimentosPreview() {
  return (
    <div aria-hidden="true" className="rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-900/5">
      <p className="text-sm font-semibold text-slate-900">Próximos vencimentos</p>
      <ul className="mt-4 divide-y divide-slate-100">
        {exemplos.map((laudo) => (
          <li key={laudo.nome} className="flex items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900">{laudo.nome}</p>
              <p className="text-xs text-slate-600">
                {laudo.tipo} · {laudo.prazo}
              </p>
            </div>
            <span
              className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge[laudo.status]}`}
            >
              {laudo.status}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
