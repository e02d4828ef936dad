import type { ReactNode } from 'react';

/**
 * Small line icons drawn for this site (inline SVG: no network, no icon font). Decorative by
 * default; pass `title` when an icon carries meaning on its own.
 */
const shapes = {
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </>
  ),
  uptime: <path d="M3 12h4l2.5-6 5 12 2.5-6h4" />,
  shield: (
    <>
      <path d="M12 3 4.5 6v5.5c0 4.5 3.2 8 7.5 9.5 4.3-1.5 7.5-5 7.5-9.5V6L12 3Z" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
    </>
  ),
  migrate: (
    <>
      <path d="M4 8h13m0 0-3.5-3.5M17 8l-3.5 3.5" />
      <path d="M20 16H7m0 0 3.5-3.5M7 16l3.5 3.5" />
    </>
  ),
  chat: (
    <>
      <path d="M4 5.5h16v10H9.5L5 19.5v-4H4v-10Z" />
      <path d="M8 10.5h.01M12 10.5h.01M16 10.5h.01" />
    </>
  ),
  rupee: (
    <>
      <path d="M7 5h10M7 9h10" />
      <path d="M9.5 5c3.5 0 4.5 2 4.5 4s-1.5 4-5 4H7l7 7" />
    </>
  ),
  speed: (
    <>
      <path d="M4.5 17a8 8 0 1 1 15 0" />
      <path d="m12 13 4-5" />
    </>
  ),
  server: (
    <>
      <rect x="4" y="4" width="16" height="7" rx="1.5" />
      <rect x="4" y="13" width="16" height="7" rx="1.5" />
      <path d="M8 7.5h.01M8 16.5h.01" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.5 2.5 3.5 5.5 3.5 8.5s-1 6-3.5 8.5c-2.5-2.5-3.5-5.5-3.5-8.5s1-6 3.5-8.5Z" />
    </>
  ),
  cloud: <path d="M7 18.5h10a4 4 0 0 0 .5-8 5.5 5.5 0 0 0-10.6-1.3A4.7 4.7 0 0 0 7 18.5Z" />,
  cpu: (
    <>
      <rect x="6.5" y="6.5" width="11" height="11" rx="1.5" />
      <path d="M9.5 3v3.5M14.5 3v3.5M9.5 17.5V21M14.5 17.5V21M3 9.5h3.5M3 14.5h3.5M17.5 9.5H21M17.5 14.5H21" />
    </>
  ),
  sparkles: (
    <>
      <path d="M10 4.5 11.6 9l4.4 1.5-4.4 1.5L10 16.5 8.4 12 4 10.5 8.4 9 10 4.5Z" />
      <path d="M17.5 14.5 18.3 17l2.2.8-2.2.7-.8 2.5-.8-2.5-2.2-.7 2.2-.8.8-2.5Z" />
    </>
  ),
  check: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  cross: <path d="M7 7l10 10M17 7 7 17" />,
  phone: (
    <path d="M6.5 3.5h3l1.5 4.5-2 1.5a11 11 0 0 0 5.5 5.5l1.5-2 4.5 1.5v3a2 2 0 0 1-2 2A16 16 0 0 1 4.5 5.5a2 2 0 0 1 2-2Z" />
  ),
  mail: (
    <>
      <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
      <path d="m4 7 8 6 8-6" />
    </>
  ),
  search: (
    <>
      <circle cx="10.5" cy="10.5" r="6" />
      <path d="m15 15 5 5" />
    </>
  ),
  book: (
    <>
      <path d="M4 5.5a2 2 0 0 1 2-2h13.5v15H6a2 2 0 0 0-2 2v-15Z" />
      <path d="M4 20.5a2 2 0 0 1 2-2h13.5v2H6" />
    </>
  ),
  alert: (
    <>
      <path d="M12 3.5 21 19.5H3L12 3.5Z" />
      <path d="M12 10v4M12 17h.01" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8.5" r="3.5" />
      <path d="M2.5 19.5c.8-3.3 3.3-5 6.5-5s5.7 1.7 6.5 5" />
      <path d="M15.5 5.2a3.5 3.5 0 0 1 0 6.6M18 14.8c1.8.7 3 2.3 3.5 4.7" />
    </>
  ),
  heart: <path d="M12 19.5S4 14.7 4 9.2A4 4 0 0 1 12 7a4 4 0 0 1 8 2.2c0 5.5-8 10.3-8 10.3Z" />,
  arrowRight: <path d="M5 12h14m0 0-5-5m5 5-5 5" />,
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof shapes;

export interface IconProps {
  name: IconName;
  className?: string;
  title?: string;
}

export function Icon({ name, className = 'h-6 w-6', title }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      {shapes[name]}
    </svg>
  );
}
