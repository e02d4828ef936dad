import { useState } from 'react';
import type { StuckItem } from '@domain/admin';
import { Button } from '../../../components/button';
import { getDeadLetters, redriveItem } from '../api/admin-api';
import { adminCopy } from '../copy';
import { formatDateTime } from '../format';
import { OutOfStepSection } from './out-of-step-section';
import { RemovalsSection } from './removals-section';
import { LoadedList, Notice, ScreenSection } from './screen-parts';
import { failureMessage, useLoad, without } from './use-load';

const copy = adminCopy.stuck;

/**
 * What is stuck (mails, refunds, provisioning), what failed and when, and a redrive for each;
 * then the services out of step (D22) and those due for removal.
 */
export function StuckScreen() {
  const { state, setState, reload } = useLoad(
    () => getDeadLetters().then((page) => page.items),
    'stuck',
    adminCopy.loadFailed,
  );
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function redrive(item: StuckItem) {
    setBusy(item.id);
    setMessage(null);
    try {
      await redriveItem(item.id);
      setMessage({ tone: 'success', text: copy.redriven(item.summary) });
      setState((current) => without(current, (i) => i.id === item.id));
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-12">
      <ScreenSection id="admin-stuck-title" title={copy.title} intro={copy.intro}>
        <Notice tone={message?.tone} text={message?.text} />
        <LoadedList
          state={state}
          onRetry={reload}
          empty={copy.empty}
          keyOf={(item) => item.id}
          spacing="space-y-3"
        >
          {(item) => (
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
          )}
        </LoadedList>
      </ScreenSection>
      <OutOfStepSection />
      <RemovalsSection />
    </div>
  );
}
