import { ROTULO_DO_CAMPO, rotulo, valorLegivel } from './rotulos';

/** Each changed field: "Vencimento: 01/03/2027 → 30/06/2027". */
export function CamposAlterados({
  campos,
}: {
  campos: Record<string, { de?: unknown; para?: unknown }> | null;
}) {
  if (!campos || Object.keys(campos).length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
      {Object.entries(campos).map(([campo, { de, para }]) => (
        <li key={campo} className="[overflow-wrap:anywhere]">
          <span className="font-medium">{rotulo(ROTULO_DO_CAMPO, campo)}:</span> {valorLegivel(de)} →{' '}
          {valorLegivel(para)}
        </li>
      ))}
    </ul>
  );
}
