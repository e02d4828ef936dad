import type { ReactNode } from 'react';

export interface SectionHeadingProps {
  title: ReactNode;
  subtitle?: ReactNode;
  eyebrow?: ReactNode;
  /** h1 for a page's title, h2 (default) for a section. */
  level?: 1 | 2 | 3;
  align?: 'left' | 'center';
  id?: string;
  className?: string;
}

export function SectionHeading({
  title,
  subtitle,
  eyebrow,
  level = 2,
  align = 'center',
  id,
  className = '',
}: SectionHeadingProps) {
  const Tag = `h${level}` as const;
  const size =
    level === 1
      ? 'text-3xl sm:text-4xl lg:text-5xl'
      : level === 2
        ? 'text-2xl sm:text-3xl'
        : 'text-xl';
  const alignment = align === 'center' ? 'mx-auto text-center' : '';
  return (
    <div className={`max-w-3xl ${alignment} ${className}`}>
      {eyebrow ? (
        <p className="mb-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {eyebrow}
        </p>
      ) : null}
      <Tag id={id} className={`font-bold tracking-tight text-slate-900 ${size}`}>
        {title}
      </Tag>
      {subtitle ? <p className="mt-3 text-base text-slate-600 sm:text-lg">{subtitle}</p> : null}
    </div>
  );
}
