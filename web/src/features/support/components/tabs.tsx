import { useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

export interface TabsProps<Id extends string> {
  label: string;
  tabs: readonly { id: Id; label: string }[];
  selected: Id;
  onSelect: (id: Id) => void;
  idPrefix: string;
  renderPanel: (id: Id) => ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: Left/Right move and select, Home/End jump; only the
 * selected tab is in the tab order.
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idPrefix,
  renderPanel,
}: TabsProps<Id>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
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
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    refs.current[next]?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="grid grid-cols-2 gap-1 rounded-2xl border border-slate-200 bg-slate-100 p-1.5 sm:flex"
      >
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                refs.current[index] = node;
              }}
              id={`${idPrefix}-tab-${tab.id}`}
              type="button"
              role="tab"
              aria-selected={isSelected}
              aria-controls={`${idPrefix}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`flex-1 rounded-xl px-4 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors sm:text-base ${
                isSelected
                  ? 'bg-white text-brand-800 shadow-sm'
                  : 'text-slate-700 hover:bg-white/60 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) =>
        tab.id === selected ? (
          <div
            key={tab.id}
            id={`${idPrefix}-panel-${tab.id}`}
            role="tabpanel"
            aria-labelledby={`${idPrefix}-tab-${tab.id}`}
            tabIndex={0}
            className="mt-10 focus-visible:outline-offset-4"
          >
            {renderPanel(tab.id)}
          </div>
        ) : null,
      )}
    </div>
  );
}
