/**
 * A value fetched once per cold start (credentials from Secrets Manager or the environment): the
 * first call starts the fetch and every later call shares it; a failed fetch is not kept, so the
 * next call tries again; `forget()` drops what was fetched, so a secret rotated meanwhile is read
 * again without a redeploy (an adapter forgets when the provider refuses the credentials).
 */
export interface FetchedOnce<T> {
  (): Promise<T>;
  forget(): void;
}

export function fetchedOnce<T>(fetch: () => Promise<T>): FetchedOnce<T> {
  let pending: Promise<T> | undefined;
  const get = () => {
    pending ??= fetch().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  return Object.assign(get, {
    forget: () => {
      pending = undefined;
    },
  });
}
