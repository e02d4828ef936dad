import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** Only one item open at a time (opening one closes the other). */
  single?: boolean;
  /** '+ / −' signs (home FAQ) or a chevron. */
  indicator?: 'plus-minus' | 'chevron';
  /** Heading level that wraps each trigger (WAI-ARIA accordion pattern). */
  headingLevel?: 2 | 3 | 4;
  /** Ids open at first. */
  defaultOpen?: readonly string[];
  className?: string;
}

/**
 * WAI-ARIA accordion: each header is a button with aria-expanded and aria-controls; Up/Down move
 * between headers, Home/End jump to the first/last; Enter/Space toggle (native button).
 */
export function Accordion({
  items,
  single = false,
  indicator = 'chevron',
  headingLevel = 3,
  defaultOpen = [],
  className = '',
}: AccordionProps) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(defaultOpen));
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const Heading = `h${headingLevel}` as const;

  function toggle(id: string) {
    setOpen((current) => {
      const isOpen = current.has(id);
      const next = new Set(single ? [] : current);
      if (!isOpen) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = items.length - 1;
    const target =
      event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  }

  return (
    <div
      className={`divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white ${className}`}
    >
      {items.map((item, index) => {
        const isOpen = open.has(item.id);
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id}>
            <Heading className="m-0">
              <button
                ref={(node) => {
                  buttons.current[index] = node;
                }}
                id={buttonId}
                type="button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-offset-[-3px]"
              >
                <span>{item.title}</span>
                <Indicator kind={indicator} open={isOpen} />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!isOpen}
              className="px-5 pb-5 text-slate-700"
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}

function Indicator({ kind, open }: { kind: 'plus-minus' | 'chevron'; open: boolean }) {
  if (kind === 'plus-minus') {
    return (
      <span
        aria-hidden="true"
        className="w-6 shrink-0 text-center text-2xl leading-none font-normal text-brand-700"
      >
        {open ? '−' : '+'}
      </span>
    );
  }
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={`h-5 w-5 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
      fill="currentColor"
    >
      <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
    </svg>
  );
}
