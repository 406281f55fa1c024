/**
 * An on/off switch. Its accessible name is `label` plus `detail` (read only by screen readers, to
 * say which row it belongs to); `aria-checked` carries the state.
 */
export function Switch({
  checked,
  disabled,
  onToggle,
  label,
  detail,
}: {
  checked: boolean;
  disabled?: boolean;
  onToggle: () => void;
  label: string;
  detail?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={onToggle}
      disabled={disabled}
      className="inline-flex items-center gap-2 rounded-full text-sm font-medium text-slate-900 disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`relative inline-block h-6 w-11 shrink-0 rounded-full transition-colors ${
          checked ? 'bg-brand-700' : 'bg-slate-300'
        }`}
      >
        <span
          className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${
            checked ? 'translate-x-5' : ''
          }`}
        />
      </span>
      {label} {detail ? <span className="sr-only">({detail})</span> : null}
    </button>
  );
}
