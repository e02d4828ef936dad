import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DOMAIN_EXTENSIONS,
  domainPricePerYear,
  isDomainPlanId,
  type DomainExtension,
  type DomainPlanId,
} from '@domain/domain-names';
import { formatInr } from '@domain/money';
import { Button, ButtonLink } from '../../components/button';
import { Icon } from '../../components/marketing-icons';
import { PageHeader } from '../../components/page-header';
import { domainSearch as text } from '../../content/domain-search';
import { ApiError, apiGet } from '../../lib/api';
import { normaliseDomainName } from './normalise-domain-name';

/** How long typing must pause before the registry is asked. */
export const SEARCH_DEBOUNCE_MS = 400;

export interface AvailabilityResult {
  domain: string;
  extension: string;
  available: boolean;
  pricePerYearPaise: number;
}

type Search =
  | { state: 'idle' }
  | { state: 'loading'; name: string }
  | { state: 'done'; name: string; results: AvailabilityResult[] }
  | { state: 'failed'; name: string; message: string };

/**
 * The domain search (D23): what the visitor types is asked of the registry through
 * GET /api/domains/availability once typing pauses (or at once on Search), for .com .net .org
 * .in .co.in. Register on an available result goes to checkout with the domain plan (?plan=, from
 * a /domain card; Basic by default) and the name, at that plan's price per year (D21).
 */
export function DomainSearchPage() {
  const [params] = useSearchParams();
  const planParam = params.get('plan') ?? '';
  const planId: DomainPlanId = isDomainPlanId(planParam)
    ? planParam
    : (text.checkoutPlanId as DomainPlanId);
  const inputId = useId();
  const errorId = useId();
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function run(name: string) {
    clearTimeout(timer.current);
    const ticket = ++latest.current;
    setSearch({ state: 'loading', name });
    apiGet<{ results: AvailabilityResult[] }>(
      `/domains/availability?name=${encodeURIComponent(name)}`,
    ).then(
      ({ results }) => {
        if (ticket === latest.current) setSearch({ state: 'done', name, results });
      },
      (failure: unknown) => {
        if (ticket !== latest.current) return;
        const message =
          failure instanceof ApiError && failure.status >= 400 && failure.status < 500
            ? failure.message
            : text.errors.failed;
        setSearch({ state: 'failed', name, message });
      },
    );
  }

  function onChange(value: string) {
    setQuery(value);
    clearTimeout(timer.current);
    const result = normaliseDomainName(value);
    if (!result.ok) {
      // Typing is not an error yet; the invalid name is explained on Search.
      latest.current += 1;
      if (result.reason === 'empty') setSearch({ state: 'idle' });
      return;
    }
    setError(null);
    timer.current = setTimeout(() => run(result.name), SEARCH_DEBOUNCE_MS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = normaliseDomainName(query);
    if (!result.ok) {
      clearTimeout(timer.current);
      latest.current += 1;
      setSearch({ state: 'idle' });
      setError(result.reason === 'empty' ? text.errors.empty : text.errors.invalid);
      return;
    }
    setError(null);
    setQuery(result.name);
    run(result.name);
  }

  return (
    <>
      <PageHeader eyebrow={text.eyebrow} title={text.title} lead={text.lead}>
        <form onSubmit={onSubmit} noValidate className="mx-auto mt-10 max-w-2xl text-left">
          <label htmlFor={inputId} className="mb-2 block text-sm font-semibold text-slate-800">
            {text.label}
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <input
              id={inputId}
              type="text"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={query}
              placeholder={text.placeholder}
              onChange={(event) => onChange(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-4 py-3 text-lg text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus-visible:outline-brand-500"
            />
            <Button type="submit" size="lg" className="px-8">
              <Icon name="search" className="h-5 w-5" />
              {text.button}
            </Button>
          </div>
          {error ? (
            <p id={errorId} role="alert" className="mt-3 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <p className="mt-4 flex gap-2 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
            <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
            {text.notice}
          </p>
        </form>
      </PageHeader>

      <div className="mx-auto w-full max-w-3xl px-4 sm:px-6 lg:px-8 py-12 sm:py-16">
        <div aria-live="polite" aria-busy={search.state === 'loading'}>
          {search.state === 'loading' ? (
            <p className="text-center text-slate-700">{text.checking(search.name)}</p>
          ) : null}
          {search.state === 'failed' ? (
            <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5">
              <p className="text-sm font-medium text-red-800">{search.message}</p>
              <Button
                type="button"
                variant="secondary"
                className="mt-3"
                onClick={() => run(search.name)}
              >
                {text.retry}
              </Button>
            </div>
          ) : null}
          {search.state === 'done' ? (
            <Results name={search.name} results={search.results} planId={planId} />
          ) : null}
        </div>
        {search.state === 'idle' ? <HowItWorks /> : null}
        <p className="mt-10 text-center text-sm text-slate-700">
          {text.plansLink.text}{' '}
          <Link
            to={text.plansLink.to}
            className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            {text.plansLink.label}
          </Link>
        </p>
      </div>
    </>
  );
}

function Results({
  name,
  results,
  planId,
}: {
  name: string;
  results: AvailabilityResult[];
  planId: DomainPlanId;
}) {
  return (
    <section aria-labelledby="domain-results">
      <h2 id="domain-results" className="text-xl font-bold text-slate-900">
        {text.resultsTitle(name)}
      </h2>
      <ul className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {results.map((result) => {
          const sold = Object.hasOwn(DOMAIN_EXTENSIONS, result.extension);
          const yearly = sold
            ? domainPricePerYear(planId, result.extension as DomainExtension)
            : undefined;
          const pricePaise = result.available ? yearly : undefined;
          // D23: a name registered elsewhere can move in for a year at the same yearly price.
          const transferPaise = result.available ? undefined : yearly;
          return (
            <li
              key={result.domain}
              className="flex flex-col gap-4 px-5 py-5 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="text-lg font-semibold break-all text-slate-900">{result.domain}</p>
                <p
                  className={`mt-1 inline-flex items-center gap-1.5 text-sm font-semibold ${result.available ? 'text-green-700' : 'text-slate-500'}`}
                >
                  <Icon name={result.available ? 'check' : 'cross'} className="h-4 w-4" />
                  {result.available ? text.available : text.unavailable}
                </p>
              </div>
              {pricePaise !== undefined ? (
                <div className="flex flex-wrap items-center gap-5">
                  <p className="text-slate-900">
                    <span className="text-xl font-bold">{formatInr(pricePaise)}</span>
                    <span className="text-sm text-slate-500">{text.perYear}</span>{' '}
                    <span className="text-sm text-slate-500">{text.gst}</span>
                  </p>
                  <ButtonLink
                    to={`/checkout?plan=${planId}&domain=${encodeURIComponent(result.domain)}`}
                    variant="accent"
                    aria-label={text.registerLabel(result.domain)}
                  >
                    {text.register}
                  </ButtonLink>
                </div>
              ) : null}
              {transferPaise !== undefined ? (
                <div className="flex flex-wrap items-center gap-5">
                  <p className="text-slate-900">
                    <span className="text-xl font-bold">{formatInr(transferPaise)}</span>
                    <span className="text-sm text-slate-500">{text.perYear}</span>{' '}
                    <span className="text-sm text-slate-500">{text.gst}</span>
                    <span className="block text-xs text-slate-500">{text.transferNote}</span>
                  </p>
                  <ButtonLink
                    to={`/checkout?plan=${planId}&domain=${encodeURIComponent(result.domain)}&transfer=1`}
                    variant="secondary"
                    aria-label={text.transferLabel(result.domain)}
                  >
                    {text.transfer}
                  </ButtonLink>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function HowItWorks() {
  return (
    <section aria-labelledby="domain-how">
      <h2 id="domain-how" className="text-center text-xl font-bold text-slate-900">
        {text.howItWorks.title}
      </h2>
      <ol className="mt-8 grid gap-6 sm:grid-cols-3">
        {text.howItWorks.steps.map((step, index) => (
          <li
            key={step.title}
            className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm"
          >
            <span
              aria-hidden="true"
              className="mx-auto flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-3 font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-1 text-sm text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
