import type { ReactNode } from 'react';

/** One card of the Settings tab: a heading, a line on what it is for, and its form. */
export function SettingsSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** What a save said: the server's message for an error, or that it was saved. */
export type SaveOutcome = { tone: 'success' | 'error'; message: string } | null;
