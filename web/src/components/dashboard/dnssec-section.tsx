import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { DS_ALGORITHMS, DS_DIGEST_TYPES } from '@domain/dnssec';
import { cardMessageOf, useCardAction } from '../../lib/use-card-action';
import { domainApi, type DsRecord } from './api/domains';

const algorithmName = (number: number) =>
  DS_ALGORITHMS.find((a) => a.number === number)?.name ?? String(number);
const digestName = (number: number) =>
  DS_DIGEST_TYPES.find((d) => d.number === number)?.name ?? String(number);

/**
 * DNSSEC on an Enterprise domain's card (D23): the DS records published at the registry for a
 * zone the buyer signs at their DNS host, added (key tag, algorithm, digest type, digest) and
 * deleted with the same states and errors as the DNS records editor. The server checks each
 * field (lambdas/domain/dnssec.ts) and its sentence is shown as it comes.
 */
export function DnssecSection({ domain }: { domain: string }) {
  const [records, setRecords] = useState<DsRecord[] | null>(null);
  const { busy, error, setError, act } = useCardAction();
  const [draft, setDraft] = useState({ keyTag: '', algorithm: '13', digestType: '2', digest: '' });
  const ids = { keyTag: useId(), algorithm: useId(), digestType: useId(), digest: useId() };

  useEffect(() => {
    let live = true;
    domainApi.dsRecords(domain).then(
      (answer) => live && setRecords(answer.records),
      (failure: unknown) => live && setError(cardMessageOf(failure)),
    );
    return () => {
      live = false;
    };
  }, [domain, setError]);

  const add = (event: FormEvent) => {
    event.preventDefault();
    return act(async () => {
      const answer = await domainApi.addDsRecord(domain, {
        // Sent as typed: the server says what is wrong with a key tag that is not a number.
        keyTag: draft.keyTag.trim() === '' ? Number.NaN : Number(draft.keyTag),
        algorithm: Number(draft.algorithm),
        digestType: Number(draft.digestType),
        digest: draft.digest,
      });
      setRecords(answer.records);
      setDraft({ ...draft, keyTag: '', digest: '' });
    });
  };

  return (
    <div aria-label="DNSSEC" role="group">
      <h4 className="font-semibold text-slate-800">DNSSEC</h4>
      <p className="text-slate-600">
        Sign your zone at your DNS host, then publish its DS record here so resolvers can check your
        answers.
      </p>
      {error ? (
        <p role="alert" className="mt-1 text-red-700">
          {error}
        </p>
      ) : null}
      {records === null ? (
        error ? null : (
          <p className="mt-1">Loading DS records…</p>
        )
      ) : records.length === 0 ? (
        <p className="mt-1 text-slate-500">No DS records yet: DNSSEC is off.</p>
      ) : (
        <ul aria-label="DS records" className="mt-1 space-y-1">
          {records.map((record) => (
            <li key={record.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 font-mono break-all">
                {record.keyTag} {record.algorithm} ({algorithmName(record.algorithm)}){' '}
                {record.digestType} ({digestName(record.digestType)}) {record.digest}
              </span>
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  act(async () => {
                    await domainApi.deleteDsRecord(domain, record.id);
                    setRecords((current) => (current ?? []).filter((r) => r.id !== record.id));
                  })
                }
                className="text-red-700 hover:underline"
                aria-label={`Delete DS record ${record.keyTag}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="mt-2 flex flex-wrap items-end gap-2">
        <label htmlFor={ids.keyTag} className="flex flex-col text-xs text-slate-600">
          Key tag
          <input
            id={ids.keyTag}
            inputMode="numeric"
            value={draft.keyTag}
            placeholder="2371"
            onChange={(event) => setDraft({ ...draft, keyTag: event.target.value })}
            className="w-20 min-w-0 rounded-lg border border-slate-300 px-2 py-1.5 text-sm text-slate-900"
          />
        </label>
        <label htmlFor={ids.algorithm} className="flex flex-col text-xs text-slate-600">
          Algorithm
          <select
            id={ids.algorithm}
            value={draft.algorithm}
            onChange={(event) => setDraft({ ...draft, algorithm: event.target.value })}
            className="min-w-0 rounded-lg border border-slate-300 px-2 py-1.5 text-sm text-slate-900"
          >
            {DS_ALGORITHMS.map((a) => (
              <option key={a.number} value={a.number}>
                {a.number} ({a.name})
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.digestType} className="flex flex-col text-xs text-slate-600">
          Digest type
          <select
            id={ids.digestType}
            value={draft.digestType}
            onChange={(event) => setDraft({ ...draft, digestType: event.target.value })}
            className="min-w-0 rounded-lg border border-slate-300 px-2 py-1.5 text-sm text-slate-900"
          >
            {DS_DIGEST_TYPES.map((d) => (
              <option key={d.number} value={d.number}>
                {d.number} ({d.name})
              </option>
            ))}
          </select>
        </label>
        <label
          htmlFor={ids.digest}
          className="flex min-w-0 flex-1 basis-full flex-col text-xs text-slate-600"
        >
          Digest
          <input
            id={ids.digest}
            value={draft.digest}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => setDraft({ ...draft, digest: event.target.value })}
            className="w-full min-w-0 rounded-lg border border-slate-300 px-2 py-1.5 font-mono text-sm text-slate-900"
          />
        </label>
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-600 px-3 py-1.5 font-semibold text-white"
        >
          Add DS record
        </button>
      </form>
    </div>
  );
}
