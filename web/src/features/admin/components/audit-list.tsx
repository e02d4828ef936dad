import type { AuditEntry } from '@domain/admin';
import { adminCopy as copy } from '../copy';
import { formatDateTime } from '../format';

/** What operators did to one order or customer, oldest first. */
export function AuditList({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <section aria-label={copy.audit.title} className="mt-4">
      <h4 className="text-sm font-semibold text-slate-900">{copy.audit.title}</h4>
      {entries.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{copy.audit.empty}</p>
      ) : (
        <ol className="mt-2 space-y-2">
          {entries.map((entry) => (
            <li
              key={`${entry.target.kind}#${entry.entryId}`}
              className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
            >
              <p className="text-slate-900">
                <span className="font-medium">{copy.audit.action[entry.action]}</span>
                {' · '}
                {entry.operator.email}
                {' · '}
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </p>
              {entry.note ? <p className="mt-1 text-slate-700">“{entry.note}”</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
