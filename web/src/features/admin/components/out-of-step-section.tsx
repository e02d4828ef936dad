import { useState } from 'react';
import type { OutOfStepService } from '@domain/admin';
import { Button } from '../../../components/button';
import { convergeService, getOutOfStep } from '../api/admin-api';
import { adminCopy } from '../copy';
import { formatDateTime } from '../format';
import { LoadedList, Notice, ScreenSection } from './screen-parts';
import { failureMessage, useQueue } from './use-load';

const copy = adminCopy.stuck.outOfStep;

/**
 * Services out of step for 15 minutes or more (D22): what is wanted, what is, since when and the
 * last error, and "Converge now" for each. A service brought in step leaves the list.
 */
export function OutOfStepSection() {
  const queue = useQueue('out-of-step', () => getOutOfStep().then((page) => page.services));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function converge(service: OutOfStepService) {
    setBusy(service.serviceId);
    setFailure(null);
    try {
      const { service: now } = await convergeService(service.serviceId, service.userId);
      if (now.outOfStepSince) {
        setFailure(copy.stillOut(service.planName, now.lastError));
      } else {
        queue.settle(
          (s) => s.serviceId === service.serviceId,
          copy.inStep(service.planName, now.actual),
        );
      }
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <ScreenSection id="admin-out-of-step-title" title={copy.title} intro={copy.intro}>
      <Notice text={queue.done} />
      <Notice tone="error" text={failure} />
      <LoadedList
        state={queue.state}
        onRetry={queue.reload}
        empty={copy.empty}
        keyOf={(service) => service.serviceId}
        spacing="space-y-3"
      >
        {(service) => {
          const title = `${service.planName}${service.domain ? ` (${service.domain})` : ''}`;
          return (
            <article
              aria-label={title}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 break-all text-slate-600">
                  {copy.customer}: <span className="font-mono">{service.userId}</span>
                </p>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  <dt className="text-slate-600">{copy.wanted}</dt>
                  <dd className="text-slate-900">{copy.desired[service.desired]}</dd>
                  <dt className="text-slate-600">{copy.is}</dt>
                  <dd className="font-medium text-red-700">{copy.actual[service.actual]}</dd>
                  <dt className="text-slate-600">{copy.since}</dt>
                  <dd className="text-slate-900">
                    <time dateTime={service.since}>{formatDateTime(service.since)}</time>
                  </dd>
                  {service.lastError ? (
                    <>
                      <dt className="text-slate-600">{copy.lastError}</dt>
                      <dd className="break-words text-slate-800">{service.lastError}</dd>
                    </>
                  ) : null}
                </dl>
              </div>
              <Button
                variant="secondary"
                className="shrink-0"
                onClick={() => void converge(service)}
                disabled={busy !== null}
                aria-label={`${copy.converge}: ${title}`}
              >
                {busy === service.serviceId ? copy.converging : copy.converge}
              </Button>
            </article>
          );
        }}
      </LoadedList>
    </ScreenSection>
  );
}
