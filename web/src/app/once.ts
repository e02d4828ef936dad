/** Loads a module's export once and remembers it; a failed load is tried again next time. */
export type Load<T> = () => Promise<T>;

/**
 * The promise is marked fulfilled the way React tracks promises, so `use()` reads what has loaded
 * without suspending: a part loaded before hydration hydrates in the same pass as the rest, and
 * keeps its server HTML. (React.lazy would suspend once even then, and an update arriving
 * meanwhile would make React drop the prerendered HTML and render that part again.)
 */
export function once<T>(load: () => Promise<T>): Load<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      const promise: Promise<T> & { status?: string; value?: T } = load().then(
        (value) => {
          Object.assign(promise, { status: 'fulfilled', value });
          return value;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      pending = promise;
    }
    return pending;
  };
}
