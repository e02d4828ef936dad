import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { header } from '../content/header';

/** The dropdown closes this long after the pointer leaves it, as in the reference product. */
export const DROPDOWN_CLOSE_DELAY_MS = 150;

/**
 * The Services dropdown: a disclosure button (aria-expanded) with a list of links. Opens on hover
 * or click; closes 150 ms after the pointer leaves, on an outside click, on Escape, or when focus
 * leaves it. ArrowDown opens it and moves into the list; Up/Down move between the links.
 */
export function ServicesMenu() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  // A click right after the pointer opened the menu by hovering keeps it open instead of toggling.
  const openedByHover = useRef(false);
  const menuId = useId();
  const { pathname } = useLocation();

  const cancelClose = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  }, []);

  useEffect(() => cancelClose, [cancelClose]);

  useEffect(() => {
    cancelClose();
    setOpen(false);
  }, [pathname, cancelClose]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: MouseEvent | TouchEvent) {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open]);

  function links(): HTMLAnchorElement[] {
    return Array.from(root.current?.querySelectorAll<HTMLAnchorElement>('[data-menu-link]') ?? []);
  }

  function focusLink(index: number) {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = links().indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (open) {
        focusLink(current + 1);
      } else {
        setOpen(true);
        // Wait for the list to render before moving focus into it.
        window.requestAnimationFrame(() => focusLink(0));
      }
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault();
      focusLink(current < 0 ? -1 : current - 1);
    } else if (event.key === 'Home' && current >= 0) {
      event.preventDefault();
      focusLink(0);
    } else if (event.key === 'End' && current >= 0) {
      event.preventDefault();
      focusLink(-1);
    }
  }

  const active = header.services.some((s) => s.to === pathname);

  return (
    <div
      ref={root}
      className="relative"
      onMouseEnter={() => {
        cancelClose();
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        cancelClose();
        openedByHover.current = false;
        closeTimer.current = window.setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
      }}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          cancelClose();
          if (openedByHover.current) {
            openedByHover.current = false;
            setOpen(true);
          } else {
            setOpen((value) => !value);
          }
        }}
        className={`flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700 ${
          active ? 'text-brand-700' : 'text-slate-700'
        }`}
      >
        {header.servicesLabel}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
        >
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
        </svg>
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-1 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
      >
        {header.services.map((service) => (
          <li key={service.to}>
            <Link
              to={service.to}
              data-menu-link=""
              onClick={() => setOpen(false)}
              className="block rounded-lg px-3 py-2 hover:bg-brand-50 focus-visible:bg-brand-50"
            >
              <span className="block text-sm font-semibold text-slate-900">{service.label}</span>
              <span className="block text-xs text-slate-600">{service.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
