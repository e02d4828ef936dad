/**
 * /domains' search (D23): whether a label is free under each extension we sell, asked of the
 * registrar, at the catalog's yearly price. An answer is kept for `cacheMs` (30 s by default) so
 * that a burst of searches for one name asks the registrar once; with the HTTP answer's own
 * max-age of 30 s, no buyer sees an availability older than a minute.
 */
import {
  InvalidDomainError,
  normaliseLabel,
  searchRows,
  type DomainExtension,
} from '../domain/domain-names';
import type { Paise } from '../domain/money';
import type { Registrar } from '../ports/registrar';

export interface DomainSearchResult {
  domain: string;
  extension: DomainExtension;
  available: boolean;
  pricePerYearPaise: Paise;
}

export interface DomainSearchDeps {
  registrar: Pick<Registrar, 'availability'>;
  now?: () => number;
  cacheMs?: number;
  /** How many labels the cache keeps (the oldest go first). */
  cacheSize?: number;
}

export const SEARCH_CACHE_MS = 30_000;

export function domainSearch(deps: DomainSearchDeps) {
  const now = deps.now ?? Date.now;
  const cacheMs = deps.cacheMs ?? SEARCH_CACHE_MS;
  const cacheSize = deps.cacheSize ?? 2_000;
  const cache = new Map<string, { at: number; results: Promise<DomainSearchResult[]> }>();

  async function ask(label: string): Promise<DomainSearchResult[]> {
    const rows = searchRows(label);
    const answers = await deps.registrar.availability(rows.map((row) => row.domain));
    const available = new Map(answers.map((answer) => [answer.domain, answer.available]));
    return rows.map((row) => ({ ...row, available: available.get(row.domain) === true }));
  }

  return async function search(name: unknown): Promise<{ results: DomainSearchResult[] }> {
    const parsed = typeof name === 'string' ? normaliseLabel(name) : undefined;
    if (!parsed?.ok) throw new InvalidDomainError(typeof name === 'string' ? name : '');
    const { label } = parsed;
    const at = now();
    const kept = cache.get(label);
    if (kept && at - kept.at < cacheMs) return { results: await kept.results };
    const results = ask(label);
    cache.delete(label);
    cache.set(label, { at, results });
    // A failed answer is not kept: the next search asks again.
    results.catch(() => {
      if (cache.get(label)?.results === results) cache.delete(label);
    });
    while (cache.size > cacheSize) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
    return { results: await results };
  };
}
