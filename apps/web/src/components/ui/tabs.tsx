import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export type TabItem = { id: string; label: string; panel: ReactNode };

type TabsProps = {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
};

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs (and select them); only the selected
 * panel is mounted, so a tab's data loads when it is opened.
 */
export function Tabs({ label, tabs, selected, onSelect }: TabsProps) {
  const baseId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === current?.id);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    buttons.current.get(tab.id)?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        // Wraps instead of scrolling sideways: on a phone a strip hid its last tabs off-screen.
        className="flex flex-wrap gap-x-1 border-b border-slate-200"
      >
        {tabs.map((tab) => {
          const active = tab.id === current?.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-aba-${tab.id}`}
              aria-selected={active}
              aria-controls={active ? `${baseId}-painel-${tab.id}` : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`-mb-px shrink-0 border-b-2 px-3 py-2.5 sm:px-4 text-sm font-semibold whitespace-nowrap ${
                active
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current ? (
        <div
          role="tabpanel"
          id={`${baseId}-painel-${current.id}`}
          aria-labelledby={`${baseId}-aba-${current.id}`}
          className="pt-6"
        >
          {current.panel}
        </div>
      ) : null}
    </div>
  );
}
