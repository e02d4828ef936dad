import { useCallback, useEffect, useState } from 'react';
import type { Plan, Quote, Service } from '@domain/api';
import { formatInr } from '@domain/money';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Container } from '../../components/container';
import { LoadingText } from '../../components/loading-text';
import { bundleCopy } from '../../content/bundles';
import { changePlanCopy as copy } from '../../content/change-plan';
import { messageOf, NETWORK_ERROR_MESSAGE } from '../../lib/api';
import { useCardAction } from '../../lib/use-card-action';
import {
  chooseSmallerPlan,
  getChangeQuote,
  getMyServices,
  getPlans,
  keepCurrentPlan,
} from './api/change-plan-api';
import {
  initialVpsChoice,
  vpsChoiceProblem,
  VpsChoiceFields,
  vpsOrderOf,
  type VpsChoice,
} from './components/vps-choice';
import { DomainTierChange } from './components/domain-tier-change';
import { formatDay } from './renewal';
import { usePayment } from './use-payment';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; service: Service; plans: Plan[] };

/**
 * /change-plan?service={id} (D26): the larger plans of the service's kind, each with the server's
 * quote for the days left (credit, charge, GST, total, the renewal date that stays), paid through
 * Razorpay as any order; and the smaller plans, chosen for the renewal date and cancellable. A
 * domain's tiers are all chosen for the renewal date (#29: DomainTierChange).
 */
export function ChangePlanPage() {
  const [params] = useSearchParams();
  const serviceId = params.get('service') ?? '';
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  const load = useCallback(async () => {
    try {
      const [services, plans] = await Promise.all([getMyServices(), getPlans()]);
      const service = services.find((s) => s.id === serviceId);
      setLoaded(
        service ? { state: 'ready', service, plans } : { state: 'failed', message: copy.notFound },
      );
    } catch (error) {
      setLoaded({ state: 'failed', message: messageOf(error) });
    }
  }, [serviceId]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="bg-slate-50">
      <Container className="py-10 sm:py-14">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{copy.title}</h1>
          {loaded.state === 'loading' ? (
            <LoadingText>{copy.loading}</LoadingText>
          ) : loaded.state === 'failed' ? (
            <div className="mt-6 space-y-4">
              <Alert tone="error">{loaded.message}</Alert>
              <Link to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
                {copy.backToDashboard}
              </Link>
            </div>
          ) : (
            <Choices service={loaded.service} plans={loaded.plans} onChanged={load} />
          )}
        </div>
      </Container>
    </div>
  );
}

function Choices({
  service,
  plans,
  onChanged,
}: {
  service: Service;
  plans: Plan[];
  onChanged: () => Promise<void>;
}) {
  const current = plans.find((p) => p.id === service.planId);
  const kind = plans.filter((p) => p.category === service.category && p.id !== service.planId);
  const larger = kind.filter((p) => current && p.monthlyPricePaise > current.monthlyPricePaise);
  const smaller = kind.filter((p) => current && p.monthlyPricePaise < current.monthlyPricePaise);
  const renewal = formatDay(service.renewalDate);
  const changeable = service.state === 'active';
  return (
    <>
      <p className="mt-2 text-slate-600">{copy.subtitle(service.name)}</p>
      {changeable && service.category === 'domain' ? (
        // A domain changes tier only at its renewal, up or down (#29).
        <DomainTierChange service={service} plans={plans} onChanged={onChanged} />
      ) : !changeable ? (
        <div className="mt-6">
          <Alert tone="info">{copy.notChangeable}</Alert>
        </div>
      ) : (
        <>
          <section className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
            <h2 className="text-xl font-semibold text-slate-900">{copy.upgradeTitle}</h2>
            <p className="mt-1 text-sm text-slate-600">{copy.upgradeIntro(renewal)}</p>
            {larger.length === 0 ? (
              <p className="mt-4 text-sm text-slate-700">{copy.noLargerPlan}</p>
            ) : (
              <Upgrade service={service} plans={larger} />
            )}
          </section>
          <Downgrade service={service} plans={smaller} renewal={renewal} onChanged={onChanged} />
        </>
      )}
      <p className="mt-6">
        <Link to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
          {copy.backToDashboard}
        </Link>
      </p>
    </>
  );
}

function Upgrade({ service, plans }: { service: Service; plans: Plan[] }) {
  const [chosen, setChosen] = useState<string>(plans[0]?.id ?? '');
  const [quote, setQuote] = useState<Quote | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A larger bundle that adds a VPS (D24): its OS, hostname and key, as a bundle's checkout asks.
  const [vpsChoice, setVpsChoice] = useState<VpsChoice>(() => initialVpsChoice(undefined));
  const [vpsError, setVpsError] = useState<string | null>(null);
  const { pay, phase, failure } = usePayment();

  useEffect(() => {
    let cancelled = false;
    setQuote(null);
    setError(null);
    if (!chosen) return;
    getChangeQuote({ planId: chosen, changeFrom: service.id }).then(
      (answer) => !cancelled && setQuote(answer),
      (failed: unknown) => !cancelled && setError(messageOf(failed)),
    );
    return () => {
      cancelled = true;
    };
  }, [chosen, service.id]);

  const change = quote?.change;
  const addsVps = change?.parts?.some((part) => part.kind === 'vps' && !part.fromPlanName) ?? false;
  return (
    <div className="mt-5">
      <fieldset>
        <legend className="sr-only">{copy.upgradeTitle}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {plans.map((plan) => (
            <label
              key={plan.id}
              className={`flex cursor-pointer items-center justify-between gap-3 rounded-xl border p-4 ${chosen === plan.id ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}
            >
              <span>
                <input
                  type="radio"
                  name="larger-plan"
                  value={plan.id}
                  checked={chosen === plan.id}
                  onChange={() => setChosen(plan.id)}
                  className="mr-2"
                  aria-label={copy.choose(plan.name)}
                />
                <span className="font-medium text-slate-900">{plan.name}</span>
              </span>
              <span className="text-sm text-slate-600">
                {copy.perMonth(formatInr(plan.monthlyPricePaise))}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <div className="mt-4">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : !quote || !change ? (
        <p role="status" className="mt-4 text-sm text-slate-600">
          {copy.gettingPrice}
        </p>
      ) : (
        <div className="mt-5" data-testid="change-quote">
          <h3 className="font-semibold text-slate-900">{copy.quoteTitle(quote.planName)}</h3>
          <dl className="mt-2 divide-y divide-slate-100 text-sm">
            <Row
              label={copy.charge(quote.planName, change.remainingDays)}
              value={formatInr(change.chargePaise)}
            />
            <Row
              label={copy.credit(change.remainingDays, change.periodDays)}
              value={`− ${formatInr(change.creditPaise)}`}
            />
            <Row label={copy.difference} value={formatInr(quote.subtotalPaise)} />
            <Row label={copy.gst} value={formatInr(quote.feePaise)} />
            <Row label={copy.total} value={formatInr(quote.totalPaise)} strong />
          </dl>
          {change.parts && change.parts.length > 0 ? <PartChanges parts={change.parts} /> : null}
          {addsVps ? (
            <VpsChoiceFields
              value={vpsChoice}
              error={vpsError}
              onChange={(choice) => {
                setVpsChoice(choice);
                setVpsError(null);
              }}
            />
          ) : null}
          <p className="mt-3 text-sm text-slate-700" data-testid="renewal-stays">
            {copy.staysNote(
              formatDay(change.renewalDate),
              formatInr(change.renewalTotalPaise),
              quote.months,
            )}
          </p>
          {failure ? (
            <div className="mt-3">
              <Alert tone="error">{failure}</Alert>
            </div>
          ) : null}
          <Button
            className="mt-4 w-full sm:w-auto"
            variant="accent"
            disabled={phase !== 'idle'}
            onClick={() => {
              const vpsProblem = addsVps ? vpsChoiceProblem(vpsChoice) : null;
              if (vpsProblem) {
                setVpsError(vpsProblem);
                return;
              }
              void pay({
                planId: quote.planId,
                planName: quote.planName,
                months: quote.months,
                changeFrom: service.id,
                remainingDays: change.remainingDays,
                ...(addsVps ? { vps: vpsOrderOf(vpsChoice) } : {}),
                returnTo: `/change-plan?service=${encodeURIComponent(service.id)}`,
                onRefused: (refused) => {
                  setError(refused.message);
                  return true;
                },
              });
            }}
          >
            {phase === 'idle'
              ? copy.pay(formatInr(quote.totalPaise))
              : phase === 'verifying'
                ? copy.verifying
                : copy.paying}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The parts a bundle's upgrade moves or adds ("Cloud storage: Standard Storage (500 GB) → …"). */
function PartChanges({ parts }: { parts: NonNullable<NonNullable<Quote['change']>['parts']> }) {
  const addsVps = parts.some((part) => part.kind === 'vps' && !part.fromPlanName);
  return (
    <div className="mt-4" data-testid="part-changes">
      <h4 className="text-sm font-semibold text-slate-900">{copy.partsTitle}</h4>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {parts.map((part) => {
          const kind = bundleCopy.kinds[part.kind];
          const to = copy.sized(part.toPlanName, part.toSize);
          return (
            <li key={part.kind}>
              {part.fromPlanName
                ? copy.partMoves(kind, copy.sized(part.fromPlanName, part.fromSize), to)
                : copy.partAdded(kind, to)}
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-sm text-slate-600">
        {copy.partsNote}
        {addsVps ? ` ${copy.newVpsNote}` : ''}
      </p>
    </div>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 py-2 ${strong ? 'text-base font-bold text-slate-900' : 'text-slate-700'}`}
    >
      <dt>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  );
}

function Downgrade({
  service,
  plans,
  renewal,
  onChanged,
}: {
  service: Service;
  plans: Plan[];
  renewal: string;
  onChanged: () => Promise<void>;
}) {
  const { busy, error, act: attempt } = useCardAction(NETWORK_ERROR_MESSAGE);
  const act = async (action: () => Promise<unknown>) => {
    if (busy) return;
    await attempt(async () => {
      await action();
      await onChanged();
    });
  };
  const pending = service.pendingPlan;
  return (
    <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
      <h2 className="text-xl font-semibold text-slate-900">{copy.downgradeTitle}</h2>
      <p className="mt-1 text-sm text-slate-600">{copy.downgradeIntro(renewal)}</p>
      {error ? (
        <div className="mt-3">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      {pending ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-slate-800" data-testid="pending-plan">
            {copy.pendingNote(pending.planName, formatDay(pending.from))}
          </p>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => void act(() => keepCurrentPlan(service.id))}
          >
            {busy ? copy.saving : copy.keepCurrent(service.name)}
          </Button>
        </div>
      ) : plans.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">{copy.noSmallerPlan}</p>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          {plans.map((plan) => (
            <Button
              key={plan.id}
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => void act(() => chooseSmallerPlan(service.id, plan.id))}
            >
              {copy.chooseSmaller(plan.name)}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}
