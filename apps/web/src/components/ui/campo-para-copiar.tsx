/** A secret or link shown once, read-only, selected whole on focus so it can be copied by hand. */
export function CampoParaCopiar({ id, value }: { id: string; value: string }) {
  return (
    <input
      id={id}
      readOnly
      value={value}
      onFocus={(event) => event.currentTarget.select()}
      className="block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
    />
  );
}
