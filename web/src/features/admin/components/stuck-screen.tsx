import { useState } from 'react';
import type { StuckItem } from '@domain/admin';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { LoadingText } from '../../../components/loading-text';
import { ApiError } from '../../../lib/api';
import { getDeadLetters, redriveItem } from '../api/admin-api';
import { adminCopy } from '../copy';
import { formatDateTime } from '../format';
import { LoadFailed } from './load-failed';
import { useLoad } from './use-load';

const copy = adminCopy.stuck;

/** What is stuck (mails, refunds, provisioning), what failed and when, and a redrive for each. */
export function StuckScreen() {
  const { state, setState, reload } = useLoad(getDeadLetters, 'stuck', adminCopy.loadFailed);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function redrive(item: StuckItem) {
    setBusy(item.id);
    setMessage(null);
    try {
      await redriveItem(item.id);
      setMessage({ tone: 'success', text: copy.redriven(item.summary) });
      if (state.status === 'ready') {
        setState({
          status: 'ready',
          data: { items: state.data.items.filter((i) => i.id !== item.id) },
        });
      }
    } catch (error) {
      setMessage({
        tone: 'error',
        text: error instanceof ApiError ? error.message : adminCopy.loadFailed,
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="admin-stuck-title">
      <h2 id="admin-stuck-title" className="text-xl font-semibold text-slate-900">
        {copy.title}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{copy.intro}</p>
      {message ? (
        <Alert tone={message.tone} className="mt-4">
          {message.text}
        </Alert>
      ) : null}
      <div className="mt-6">
        {state.status === 'loading' ? (
          <LoadingText>{adminCopy.loading}</LoadingText>
        ) : state.status === 'error' ? (
          <LoadFailed message={state.message} onRetry={reload} />
        ) : state.data.items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            {copy.empty}
          </p>
        ) : (
          <ul className="space-y-3">
            {state.data.items.map((item) => (
              <li key={item.id}>
                <article
                  aria-label={item.summary}
                  className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-start sm:justify-between"
                >
                  <div className="min-w-0 text-sm">
                    <p className="text-xs font-semibold tracking-wide text-red-700 uppercase">
                      {copy.kind[item.kind]}
                    </p>
                    <h3 className="mt-1 font-semibold text-slate-900">{item.summary}</h3>
                    {item.customer?.email ? (
                      <p className="text-slate-700">{item.customer.email}</p>
                    ) : null}
                    <p className="mt-2 text-slate-600">
                      {copy.failedAt}:{' '}
                      <time dateTime={item.failedAt}>{formatDateTime(item.failedAt)}</time>
                    </p>
                    <p className="mt-1 break-words text-slate-800">
                      {copy.reason}: {item.reason}
                    </p>
                  </div>
                  {item.redrivable ? (
                    <Button
                      variant="secondary"
                      onClick={() => void redrive(item)}
                      disabled={busy !== null}
                      aria-label={`${copy.redrive}: ${item.summary}`}
                    >
                      {busy === item.id ? copy.redriving : copy.redrive}
                    </Button>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
