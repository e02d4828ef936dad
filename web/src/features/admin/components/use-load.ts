import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useCardAction } from '../../../lib/use-card-action';
import { adminCopy } from '../copy';

export type Loaded<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** Loads once per `key`, and again on `reload()`; the API's own message on failure. */
export function useLoad<T>(load: () => Promise<T>, key: string, fallback: string) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    load().then(
      (data) => {
        if (!cancelled) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (!cancelled)
          setState({
            status: 'error',
            message: error instanceof ApiError ? error.message : fallback,
          });
      },
    );
    return () => {
      cancelled = true;
    };
    // `load` is a fresh closure each render; `key` says when it asks for something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, setState, reload };
}

/** One action at a time on a console card (useCardAction), failing with failureMessage's sentence. */
export const useConsoleAction = () => useCardAction(adminCopy.loadFailed);

/** The API's own sentence for a call that failed, else the console's general one. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : adminCopy.loadFailed;
}

/** A loaded list without the items that have left it (resolved, set up, sent again). */
export function without<T>(state: Loaded<T[]>, gone: (item: T) => boolean): Loaded<T[]> {
  return state.status === 'ready'
    ? { status: 'ready', data: state.data.filter((item) => !gone(item)) }
    : state;
}

export interface Queue<F extends string, T> {
  filter: F;
  show: (filter: F) => void;
  /** What became of the last item acted on; null until one, and again after `show`. */
  done: string | null;
  state: Loaded<T[]>;
  reload: () => void;
  settle: (gone: (item: T) => boolean, notice: string) => void;
}

/**
 * A list of things waiting for an operator, by what they wait for (`filter`): showing another
 * filter loads it and clears the notice; an item acted on leaves the list, with a notice saying
 * what became of it.
 */
export function useQueue<F extends string, T>(
  initial: F,
  load: (filter: F) => Promise<T[]>,
): Queue<F, T> {
  const [filter, setFilter] = useState<F>(initial);
  const [done, setDone] = useState<string | null>(null);
  const { state, setState, reload } = useLoad(() => load(filter), filter, adminCopy.loadFailed);
  const show = useCallback((next: F) => {
    setDone(null);
    setFilter(next);
  }, []);
  const settle = useCallback(
    (gone: (item: T) => boolean, notice: string) => {
      setDone(notice);
      setState((current) => without(current, gone));
    },
    [setState],
  );
  return { filter, show, done, state, reload, settle };
}
