import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { cardMessageOf, useCardAction } from '../../lib/use-card-action';
import { domainApi, type DnsRecord, type DnsType, type DomainDetails } from './api/domains';
import { DnssecSection } from './dnssec-section';
import { formatDate } from './format';
import { useReadOnlyDashboard } from './read-only';

const TYPES: DnsType[] = ['A', 'AAAA', 'CNAME', 'MX', 'TXT'];

/** Said in the console's read-only view, where the registry is not asked (read-only.tsx). */
const READ_ONLY_NOTE =
  "The registry's settings (nameservers, DNS records, lock) show on the buyer's own dashboard only.";

/**
 * A registered domain's settings on its dashboard card (D23): the registry's expiry, nameservers
 * (2 to 4), DNS records (add and delete), the transfer lock, WHOIS privacy where the plan has it,
 * DNSSEC's DS records on Enterprise Domain, and the transfer code after a fresh sign-in (shown
 * here only).
 */
export function DomainCard({ domain }: { domain: string }) {
  const [details, setDetails] = useState<DomainDetails | null>(null);
  const [records, setRecords] = useState<DnsRecord[]>([]);
  const { busy, error, setError, act } = useCardAction();
  const [authCode, setAuthCode] = useState<string | null>(null);
  const [nameservers, setNameservers] = useState('');
  const [draft, setDraft] = useState({
    type: 'A' as DnsType,
    host: '@',
    value: '',
    priority: '10',
  });
  const ids = { ns: useId(), type: useId(), host: useId(), value: useId(), priority: useId() };
  const readOnly = useReadOnlyDashboard();

  useEffect(() => {
    if (readOnly) return;
    let live = true;
    Promise.all([domainApi.details(domain), domainApi.records(domain)]).then(
      ([found, list]) => {
        if (!live) return;
        setDetails(found);
        setNameservers(found.nameservers.join('\n'));
        setRecords(list.records);
      },
      (failure: unknown) => live && setError(cardMessageOf(failure)),
    );
    return () => {
      live = false;
    };
  }, [domain, readOnly, setError]);

  if (readOnly) {
    return <p className="mt-3 text-sm text-slate-600">{READ_ONLY_NOTE}</p>;
  }

  const saveNameservers = (event: FormEvent) => {
    event.preventDefault();
    const list = nameservers
      .split(/[\s,]+/)
      .map((name) => name.trim())
      .filter(Boolean);
    return act(async () => setDetails(await domainApi.setNameservers(domain, list)));
  };
  const addRecord = (event: FormEvent) => {
    event.preventDefault();
    return act(async () => {
      const { record } = await domainApi.addRecord(domain, {
        type: draft.type,
        host: draft.host,
        value: draft.value,
        ...(draft.type === 'MX' ? { priority: Number(draft.priority) } : {}),
      });
      setRecords((current) => [...current, record]);
      setDraft({ ...draft, value: '' });
    });
  };

  if (!details) {
    return (
      <section aria-label={`Domain settings for ${domain}`} className="mt-4 text-sm">
        {error ? (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        ) : (
          <p>Loading domain settings…</p>
        )}
      </section>
    );
  }

  return (
    <section
      aria-label={`Domain settings for ${domain}`}
      className="mt-4 space-y-4 border-t border-slate-100 pt-4 text-sm"
    >
      <p>
        <span className="text-slate-500">Registered until </span>
        <span className="font-medium text-slate-800">{formatDate(details.expiresAt)}</span>
      </p>
      {error ? (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      ) : null}

      <form onSubmit={saveNameservers} className="space-y-2">
        <label htmlFor={ids.ns} className="block font-semibold text-slate-800">
          Nameservers (2 to 4, one a line)
        </label>
        <textarea
          id={ids.ns}
          rows={4}
          value={nameservers}
          onChange={(event) => setNameservers(event.target.value)}
          className="w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 font-mono"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-600 px-3 py-1.5 font-semibold text-white"
        >
          Save nameservers
        </button>
      </form>

      <div>
        <h4 className="font-semibold text-slate-800">DNS records</h4>
        {records.length === 0 ? (
          <p className="text-slate-500">No records yet.</p>
        ) : (
          <ul aria-label="DNS records" className="mt-1 space-y-1">
            {records.map((record) => (
              <li key={record.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 font-mono break-all">
                  {record.type} {record.host}{' '}
                  {record.priority !== undefined ? `${record.priority} ` : ''}
                  {record.value}
                </span>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    act(async () => {
                      await domainApi.deleteRecord(domain, record.id);
                      setRecords((current) => current.filter((r) => r.id !== record.id));
                    })
                  }
                  className="text-red-700 hover:underline"
                  aria-label={`Delete ${record.type} record ${record.host} ${record.value}`}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={addRecord} className="mt-2 flex flex-wrap items-end gap-2">
          <label htmlFor={ids.type} className="sr-only">
            Record type
          </label>
          <select
            id={ids.type}
            value={draft.type}
            onChange={(event) => setDraft({ ...draft, type: event.target.value as DnsType })}
            className="rounded-lg border border-slate-300 px-2 py-1.5"
          >
            {TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
          <label htmlFor={ids.host} className="sr-only">
            Host
          </label>
          <input
            id={ids.host}
            value={draft.host}
            onChange={(event) => setDraft({ ...draft, host: event.target.value })}
            className="w-20 min-w-0 rounded-lg border border-slate-300 px-2 py-1.5"
          />
          {draft.type === 'MX' ? (
            <>
              <label htmlFor={ids.priority} className="sr-only">
                Priority
              </label>
              <input
                id={ids.priority}
                inputMode="numeric"
                value={draft.priority}
                onChange={(event) => setDraft({ ...draft, priority: event.target.value })}
                className="w-16 rounded-lg border border-slate-300 px-2 py-1.5"
              />
            </>
          ) : null}
          <label htmlFor={ids.value} className="sr-only">
            Value
          </label>
          <input
            id={ids.value}
            value={draft.value}
            placeholder="203.0.113.10"
            onChange={(event) => setDraft({ ...draft, value: event.target.value })}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 px-2 py-1.5"
          />
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-brand-600 px-3 py-1.5 font-semibold text-white"
          >
            Add record
          </button>
        </form>
      </div>

      {details.dnssecAvailable ? <DnssecSection domain={domain} /> : null}

      <div className="flex flex-wrap gap-4">
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            checked={details.locked}
            disabled={busy}
            onChange={(event) =>
              act(async () =>
                setDetails(await domainApi.settings(domain, { locked: event.target.checked })),
              )
            }
          />
          Transfer lock
        </label>
        {details.privacyAvailable ? (
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              checked={details.privacy}
              disabled={busy}
              onChange={(event) =>
                act(async () =>
                  setDetails(await domainApi.settings(domain, { privacy: event.target.checked })),
                )
              }
            />
            WHOIS privacy
          </label>
        ) : null}
      </div>

      <div>
        {authCode ? (
          <p>
            Transfer code: <code className="font-mono break-all">{authCode}</code>
          </p>
        ) : (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              act(async () => setAuthCode((await domainApi.authCode(domain)).authCode))
            }
            className="font-medium text-brand-700 hover:underline"
          >
            Get transfer code
          </button>
        )}
      </div>
    </section>
  );
}
