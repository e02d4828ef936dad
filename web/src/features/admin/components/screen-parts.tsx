import { useId } from 'react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/alert';
import { LoadingText } from '../../../components/loading-text';
import { adminCopy } from '../copy';
import { LoadFailed } from './load-failed';
import type { Loaded, Queue } from './use-load';

/** A console screen: a section named by its heading, with an optional line under it. */
export function ScreenSection({
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
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {intro ? <p className="mt-1 max-w-3xl text-sm text-slate-600">{intro}</p> : null}
      {children}
    </section>
  );
}

/** What the operator's last action came to, under the screen's heading; nothing before one. */
export function Notice({
  tone = 'success',
  text,
}: {
  tone?: 'success' | 'error' | undefined;
  text: string | null | undefined;
}) {
  return text ? (
    <Alert tone={tone} className="mt-4">
      {text}
    </Alert>
  ) : null;
}

/** Which of a screen's lists to show (orders by status, services by what they wait for). */
export function StatusFilter<S extends string>({
  label,
  value,
  values,
  labels,
  onChange,
}: {
  label: string;
  value: S;
  values: readonly S[];
  labels: Readonly<Record<S, string>>;
  onChange: (value: S) => void;
}) {
  const id = useId();
  return (
    <div className="mt-4 flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        // The options are `values`: what the select gives back is one of them.
        onChange={(event) => onChange(event.target.value as S)}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        {values.map((v) => (
          <option key={v} value={v}>
            {labels[v]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A loaded list of cards: the wait, the failure with a retry, the empty sentence, or the cards. */
export function LoadedList<T>({
  state,
  onRetry,
  empty,
  keyOf,
  children,
  spacing = 'space-y-4',
}: {
  state: Loaded<readonly T[]>;
  onRetry: () => void;
  empty: string;
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
  spacing?: 'space-y-3' | 'space-y-4';
}) {
  return (
    <div className="mt-6">
      {state.status === 'loading' ? (
        <LoadingText>{adminCopy.loading}</LoadingText>
      ) : state.status === 'error' ? (
        <LoadFailed message={state.message} onRetry={onRetry} />
      ) : state.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {empty}
        </p>
      ) : (
        <ul className={spacing}>
          {state.data.map((item) => (
            <li key={keyOf(item)}>{children(item)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A queue's view (see useQueue): which of its lists, what the last action did, and the list. */
export function QueueView<F extends string, T>({
  queue,
  filterLabel,
  filters,
  labels,
  empty,
  keyOf,
  children,
}: {
  queue: Queue<F, T>;
  filterLabel: string;
  filters: readonly F[];
  labels: Readonly<Record<F, string>>;
  empty: string;
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <StatusFilter
        label={filterLabel}
        value={queue.filter}
        values={filters}
        labels={labels}
        onChange={queue.show}
      />
      <Notice text={queue.done} />
      <LoadedList state={queue.state} onRetry={queue.reload} empty={empty} keyOf={keyOf}>
        {children}
      </LoadedList>
    </>
  );
}
