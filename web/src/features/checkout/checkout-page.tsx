import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BUYER_ADDRESS_THRESHOLD_PAISE } from '@domain/gst';
import type { Plan } from '@domain/plan';
import { accountDomainOf, priceCheckout } from '@domain/checkout-pricing';
import {
  DEFAULT_DOMAIN_YEARS,
  DOMAIN_YEARS,
  isDomainPlanId,
  parseDomainName,
  type DomainYears,
} from '@domain/domain-names';
import {
  DEFAULT_MONTHS,
  DURATION_DISCOUNT_PERCENT,
  DURATIONS,
  isMonths,
  quote,
} from '@domain/pricing';
import type { Months } from '@domain/pricing';
import { deliveryModeOf } from '@domain/provisioning';
import { checkoutAutoRenewTerms, renewalRequestOf } from '@domain/auto-renew';
import { periodFor } from '@domain/services';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Container } from '../../components/container';
import { LoadingText, Spinner } from '../../components/loading-text';
import { checkoutCopy as copy } from '../../content/checkout';
import { ApiError } from '../../lib/api';
import { AutoRenewChoice } from './components/auto-renew-choice';
import { HostingDomainField } from './components/hosting-domain';
import {
  initialVpsChoice,
  vpsChoiceProblem,
  vpsOrderOf,
  VpsChoiceFields,
  type VpsChoice,
} from './components/vps-choice';
import { RegisterDomainField } from './components/register-domain';
import { bundleHasPart } from '@domain/bundle-parts';
import { CATALOG } from '@domain/catalog';
import { isPrerenderedFor, usePlansSnapshot } from '../../lib/plans-snapshot';
import { getPlan, getQuote } from './api/checkout-api';
import { LoginOverlay } from './components/login-overlay';
import { BillingDetailsSection, type BillingChoice } from './components/billing-details';
import { RegistrantDetailsSection } from '../../components/registrant/registrant-details';
import { TransferCodeField } from './components/transfer-code';
import { useRegistrant } from '../../components/registrant/use-registrant';
import { PriceBreakdown } from './components/price-breakdown';
import { PromoBox } from './components/promo-box';
import {
  formatDay,
  heldServiceOf,
  isRenewal,
  ownedDomainNames,
  renewalDates,
  useMyServices,
} from './renewal';
import { usePayment } from './use-payment';
import { useTaxSplit } from './use-tax-split';

/** The API's refusals of an order's domain (docs/api.md), shown beside the domain field. */
const DOMAIN_ERROR_CODES: ReadonlySet<string> = new Set([
  'invalid_domain',
  'domain_required',
  'extension_not_available',
  'domain_not_applicable',
]);

/** The API's refusals of a transfer in (D23), shown beside the auth code. */
const TRANSFER_ERROR_CODES: ReadonlySet<string> = new Set([
  'invalid_auth_code',
  'transfer_not_applicable',
]);

type PlanState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed' }
  | { status: 'ready'; plan: Plan };

export function CheckoutPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const planId = params.get('plan') ?? '';
  const domainParam = params.get('domain')?.trim() || undefined;
  const renewParam = params.get('renew') === '1';
  const transferParam = params.get('transfer') === '1';
  const returnTo = location.pathname + location.search;
  const { user, loading: authLoading } = useAuth();

  const snapshot = usePlansSnapshot();
  // A plan's own checkout page has its order in the prerendered HTML: its first render shows the
  // plan from the plans the page was built with. Elsewhere it starts 'loading', as the plain
  // checkout page was prerendered, so that hydration matches the HTML.
  const [planState, setPlanState] = useState<PlanState>(() => {
    const known = snapshot?.find((candidate) => candidate.id === planId);
    return known && isPrerenderedFor(location.search)
      ? { status: 'ready', plan: known }
      : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  // A renewal mail's link names the buyer's own period (`months=1` for a monthly plan).
  const [months, setMonths] = useState<Months>(() => {
    const asked = Number(params.get('months'));
    return DURATIONS.find((value) => value === asked) ?? DEFAULT_MONTHS;
  });
  const [promo, setPromo] = useState<{ code: string; message: string } | null>(null);
  // D21: a domain plan names its domain (prefilled from ?domain=) and runs 1, 2 or 3 years.
  const [domainInput, setDomainInput] = useState(domainParam ?? '');
  const [years, setYears] = useState<DomainYears>(DEFAULT_DOMAIN_YEARS);
  const [domainError, setDomainError] = useState<string | null>(null);
  // D18: hosting's "I’ll add it later" is the default for a buyer who has no domain yet, who can
  // then pay at once and gets a working temporary address; a link that names a domain (Renew, a
  // registration) starts from that domain instead.
  const [later, setLater] = useState(domainParam === undefined);
  const { pay, phase, failure, afterVerifyNote } = usePayment();
  // D24: a new VPS's OS, hostname (from the buyer's name) and SSH key; a renewal keeps its own.
  const [vpsChoice, setVpsChoice] = useState<VpsChoice>(() => initialVpsChoice(undefined));
  const [vpsError, setVpsError] = useState<string | null>(null);
  const vpsNamed = useRef(false);
  // D24: a bundle's domain to register (its domain part).
  const [registerInput, setRegisterInput] = useState('');
  const [registerError, setRegisterError] = useState<string | null>(null);
  useEffect(() => {
    if (vpsNamed.current || !user?.name) return;
    vpsNamed.current = true;
    setVpsChoice((choice) => ({ ...choice, hostname: initialVpsChoice(user.name).hostname }));
  }, [user?.name]);

  useEffect(() => {
    let cancelled = false;
    if (!planId) {
      setPlanState({ status: 'not-found' });
      return;
    }
    // The plans the page was built with (its JSON data block) show the order at once; the API's
    // answer then refreshes the plan, and the server prices the order whatever the page showed.
    const known = snapshot?.find((candidate) => candidate.id === planId);
    setPlanState(known ? { status: 'ready', plan: known } : { status: 'loading' });
    getPlan(planId).then(
      (plan) => !cancelled && setPlanState({ status: 'ready', plan }),
      (error: unknown) => {
        if (cancelled) return;
        const notFound = error instanceof ApiError && error.status === 404;
        // Unreachable for now: the plan already shown stays; paying asks the server again.
        if (known && !notFound) return;
        setPlanState({ status: notFound ? 'not-found' : 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [planId, attempt, snapshot]);

  const plan = planState.status === 'ready' ? planState.plan : undefined;
  // D21: a domain plan names the domain it registers; D18: hosting and bundles name the domain
  // their panel account is made for (?domain= prefills either). VPS and storage take none. Each is
  // checked by the rule the server applies; a name it refuses orders nothing until corrected.
  const domainPlan = plan !== undefined && isDomainPlanId(plan.id);
  const hostingPlan = plan !== undefined && deliveryModeOf(plan.category) === 'panel';
  const parsedDomain = useMemo(() => {
    try {
      if (!plan || !hostingPlan) return { name: parseDomainName(domainInput).name, problem: null };
      // As on the server, an empty field names no domain: the account gets its placeholder.
      if (later) return { name: undefined, problem: null };
      return { name: accountDomainOf(plan, domainInput), problem: null };
    } catch (error) {
      return { name: undefined, problem: error instanceof Error ? error.message : String(error) };
    }
  }, [domainInput, plan, hostingPlan, later]);
  const domain = domainPlan || hostingPlan ? parsedDomain.name : undefined;
  // Ticked, or left empty: either way the hosting starts on its temporary address.
  const addedLater = hostingPlan && (later || !domainInput.trim());
  // A Renew link names its service's domain (or none): changing it would buy another service. A
  // malformed one stays editable, so that it can be put right.
  const domainLocked = hostingPlan && renewParam && parsedDomain.problem === null;
  // D24: what a new bundle's parts need: the name its domain registers, its VPS's choices.
  const catalogPlan = plan && CATALOG.find((entry) => entry.id === plan.id);
  const bundleVps = bundleHasPart(catalogPlan, 'vps');
  const registerDomain = useMemo(() => {
    // Optional: a buyer who owns a name already registers none (the part waits for our team).
    if (!registerInput.trim()) return { name: undefined, problem: null };
    try {
      return { name: parseDomainName(registerInput).name, problem: null };
    } catch (error) {
      return { name: undefined, problem: error instanceof Error ? error.message : String(error) };
    }
  }, [registerInput]);
  const periodMonths: Months = domainPlan ? ((years * 12) as Months) : months;
  // D14: priced as a renewal when the buyer holds or held this plan (and domain), as the server
  // will price it; a hosting domain still being typed matches nothing yet.
  const myServices = useMyServices(Boolean(user));
  const held = heldServiceOf(
    myServices,
    hostingPlan && !addedLater && !domain ? undefined : plan?.id,
    domain,
  );
  const renewal = isRenewal(held, renewParam);
  // D23: Premium and Enterprise Hosting include a free first-year domain, on a first purchase.
  const freeDomain = Boolean(catalogPlan?.freeDomainPlanId);
  const newRegister = !renewal && (bundleHasPart(catalogPlan, 'domain') || freeDomain);
  // D23: a name registered elsewhere moves in with its auth code, for the one year it adds.
  const transfer = domainPlan && transferParam && !renewal;
  const [authCode, setAuthCode] = useState('');
  const [authCodeError, setAuthCodeError] = useState<string | null>(null);
  useEffect(() => {
    if (transfer) setYears(1);
  }, [transfer]);
  const breakdown = useMemo(() => {
    if (!plan) return undefined;
    if (!domainPlan) return quote(plan, months, renewal ? null : promo?.code, { renewal });
    return domain ? priceCheckout([plan], { planId: plan.id, domain, years, renewal }) : undefined;
  }, [plan, domainPlan, domain, years, months, promo, renewal]);
  const dates =
    held.state === 'held' ? renewalDates(held.service, periodMonths, new Date()) : undefined;
  // D25: "Renew automatically", unticked until the buyer ticks it; its mandate covers the renewal
  // of this very period. Not offered for a service whose auto-renew is on already. Shown once the
  // buyer is signed in (who alone can pay): the prerendered page has no date of today in it.
  const [autoRenew, setAutoRenew] = useState(false);
  const autoRenewTerms = useMemo(
    () =>
      plan && breakdown
        ? checkoutAutoRenewTerms(priceCheckout([plan], renewalRequestOf(breakdown)).totalPaise)
        : undefined,
    [plan, breakdown],
  );
  const offerAutoRenew =
    Boolean(user) &&
    autoRenewTerms !== undefined &&
    !(held.state === 'held' && held.service.autoRenew);
  const periodEnds = dates
    ? new Date(dates.next)
    : periodFor([], { planId: plan?.id ?? '', months: periodMonths }, new Date()).renewalDate;
  // D15: the tax invoice's recipient, needed from ₹50,000 of taxable value; the split once known.
  const [billing, setBilling] = useState<BillingChoice>({});
  const [billingError, setBillingError] = useState<string | null>(null);
  const onBillingChange = useCallback((choice: BillingChoice) => {
    setBilling(choice);
    if (!choice.problem) setBillingError(null);
  }, []);
  const needsAddress = (breakdown?.subtotalPaise ?? 0) >= BUYER_ADDRESS_THRESHOLD_PAISE;
  // D23: a new registration's registrant (a domain plan's or transfer's name, a bundle's or a free
  // domain's once typed), asked for (and saved to the profile) when lacking: the server refuses
  // such an order without it. Loaded (hidden) as soon as a name may be typed, so it is there by
  // the time Pay Now is pressed.
  const registrantShown = Boolean(user) && ((domainPlan && !renewal) || newRegister);
  const registrant = useRegistrant(registrantShown && (domainPlan || Boolean(registerDomain.name)));
  const tax = useTaxSplit(
    plan && billing.state
      ? {
          planId: plan.id,
          ...(domainPlan ? { years, ...(domain ? { domain } : {}) } : { months }),
          ...(promo && !renewal && !domainPlan ? { promoCode: promo.code } : {}),
          ...(renewal ? { renew: true } : {}),
          billingState: billing.state,
        }
      : undefined,
  );

  const applyPromo = useCallback(
    async (code: string): Promise<string | null> => {
      if (!plan) return null;
      try {
        const serverQuote = await getQuote({ planId: plan.id, months, promoCode: code });
        setPromo({ code, message: serverQuote.promo?.message ?? '' });
        return null;
      } catch (error) {
        return error instanceof ApiError ? error.message : copy.couldNotGetPrice;
      }
    },
    [plan, months],
  );

  // A plan that does not exist is said alone: there is nothing to sign in for (#26).
  const showOverlay = !authLoading && !user && planState.status !== 'not-found';
  const ownedDomains = useMemo(() => ownedDomainNames(myServices), [myServices]);

  return (
    <div className="relative bg-slate-50" data-plans-snapshot-reader>
      {showOverlay ? <LoginOverlay returnTo={returnTo} /> : null}
      <Container className="py-10 sm:py-14">
        <div inert={showOverlay} aria-hidden={showOverlay || undefined}>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{copy.title}</h1>
          <p className="mt-2 text-slate-600">{copy.subtitle}</p>
          {planState.status === 'loading' ? <LoadingText>{copy.loading}</LoadingText> : null}
          {planState.status === 'not-found' ? (
            <section className="mt-8 rounded-2xl border border-slate-200 bg-white p-8">
              <h2 className="text-xl font-semibold text-slate-900">{copy.planNotFoundTitle}</h2>
              <p className="mt-2 text-slate-600">{copy.planNotFoundBody}</p>
              <ul className="mt-5 flex flex-wrap gap-3">
                {copy.planLinks.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="inline-block rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-brand-700 hover:border-brand-600 hover:bg-brand-50"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {planState.status === 'failed' ? (
            <div className="mt-8 flex flex-wrap items-center gap-4">
              <Alert tone="error">{copy.couldNotGetPrice}</Alert>
              <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
                {copy.retry}
              </Button>
            </div>
          ) : null}
          {plan ? (
            <div className="mt-8 grid gap-6 lg:grid-cols-[1.6fr_1fr]">
              <section
                aria-labelledby="order-summary"
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <h2 id="order-summary" className="text-xl font-semibold text-slate-900">
                  {copy.summaryTitle}
                </h2>
                <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
                  <dt className="text-slate-500">{copy.planLabel}</dt>
                  <dd className="font-semibold text-slate-900" data-testid="plan-name">
                    {plan.name}
                  </dd>
                  {renewal ? (
                    <>
                      <dt className="text-slate-500">{copy.renewalLabel}</dt>
                      <dd className="text-slate-900" data-testid="renewal-of">
                        {dates
                          ? copy.renewalOf(
                              plan.name,
                              formatDay(dates.current),
                              formatDay(dates.next),
                              dates.expired,
                            )
                          : copy.renewalOfPlan(plan.name)}
                      </dd>
                    </>
                  ) : null}
                  {hostingPlan ? (
                    <>
                      <dt className="text-slate-500">{copy.domainLabel}</dt>
                      <dd className="text-slate-900 wrap-anywhere" data-testid="summary-domain">
                        {addedLater
                          ? copy.hostingDomainLaterSummary
                          : (domain ?? copy.hostingDomainMissingSummary)}
                      </dd>
                    </>
                  ) : null}
                </dl>
                {newRegister ? (
                  <RegisterDomainField
                    value={registerInput}
                    error={registerError}
                    free={freeDomain}
                    onChange={(value) => {
                      setRegisterInput(value);
                      setRegisterError(null);
                    }}
                    onBlur={() =>
                      setRegisterError(registerInput.trim() ? registerDomain.problem : null)
                    }
                  />
                ) : null}
                {(plan.category === 'vps' || bundleVps) && !renewal ? (
                  <VpsChoiceFields
                    value={vpsChoice}
                    error={vpsError}
                    onChange={(choice) => {
                      setVpsChoice(choice);
                      setVpsError(null);
                    }}
                  />
                ) : null}
                {hostingPlan ? (
                  <HostingDomainField
                    value={domainInput}
                    later={later}
                    locked={domainLocked}
                    error={domainError}
                    suggestions={ownedDomains}
                    onValueChange={(value) => {
                      setDomainInput(value);
                      setDomainError(null);
                    }}
                    onLaterChange={(value) => {
                      setLater(value);
                      setDomainError(null);
                    }}
                    onBlur={() => setDomainError(domainInput.trim() ? parsedDomain.problem : null)}
                  />
                ) : null}
                {domainPlan ? (
                  <div className="mt-5">
                    <label
                      htmlFor="checkout-domain"
                      className="block text-sm font-medium text-slate-800"
                    >
                      {copy.domainInputLabel}
                    </label>
                    <input
                      id="checkout-domain"
                      type="text"
                      inputMode="url"
                      autoComplete="off"
                      autoCapitalize="none"
                      spellCheck={false}
                      value={domainInput}
                      onChange={(event) => {
                        setDomainInput(event.target.value);
                        setDomainError(null);
                      }}
                      onBlur={() => setDomainError(parsedDomain.problem)}
                      aria-invalid={domainError ? true : undefined}
                      aria-describedby="checkout-domain-hint"
                      data-testid="domain-name"
                      className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none sm:w-72"
                    />
                    <p
                      id="checkout-domain-hint"
                      role={domainError ? 'alert' : undefined}
                      className={`mt-1 text-sm ${domainError ? 'font-medium text-red-700' : 'text-slate-500'}`}
                    >
                      {domainError ?? copy.domainInputHint}
                    </p>
                  </div>
                ) : null}
                {transfer && domain ? (
                  <TransferCodeField
                    domain={domain}
                    value={authCode}
                    error={authCodeError}
                    onChange={(value) => {
                      setAuthCode(value);
                      setAuthCodeError(null);
                    }}
                  />
                ) : null}
                <div className="mt-5" hidden={transfer}>
                  {domainPlan ? (
                    <>
                      <label
                        htmlFor="checkout-years"
                        className="block text-sm font-medium text-slate-800"
                      >
                        {copy.yearsLabel}
                      </label>
                      <select
                        id="checkout-years"
                        value={years}
                        onChange={(event) => {
                          const value = Number(event.target.value);
                          const match = DOMAIN_YEARS.find((y) => y === value);
                          if (match) setYears(match);
                        }}
                        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none sm:w-72"
                      >
                        {DOMAIN_YEARS.map((value) => (
                          <option key={value} value={value}>
                            {copy.yearsOption(value)}
                          </option>
                        ))}
                      </select>
                    </>
                  ) : (
                    <>
                      <label
                        htmlFor="checkout-months"
                        className="block text-sm font-medium text-slate-800"
                      >
                        {copy.durationLabel}
                      </label>
                      <select
                        id="checkout-months"
                        value={months}
                        onChange={(event) => {
                          const value = Number(event.target.value);
                          if (isMonths(value)) setMonths(value);
                        }}
                        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none sm:w-72"
                      >
                        {DURATIONS.map((value) => (
                          <option key={value} value={value}>
                            {copy.durationOption(value, DURATION_DISCOUNT_PERCENT[value])}
                          </option>
                        ))}
                      </select>
                    </>
                  )}
                </div>
                {breakdown ? (
                  <div className="mt-6">
                    <PriceBreakdown quote={breakdown} {...(tax ? { tax } : {})} />
                  </div>
                ) : null}
                <div className="mt-6 border-t border-slate-100 pt-6">
                  {domainPlan ? (
                    <p className="text-sm text-slate-600">{copy.promoNotForDomains}</p>
                  ) : renewal ? (
                    <p className="text-sm text-slate-600">{copy.promoNotForRenewal}</p>
                  ) : (
                    <PromoBox
                      applied={promo}
                      onApply={applyPromo}
                      onRemove={() => setPromo(null)}
                    />
                  )}
                </div>
                {registrantShown ? (
                  <div className="mt-6 border-t border-slate-100 pt-6" hidden={!registrant.wanted}>
                    <RegistrantDetailsSection
                      error={registrant.error}
                      onChange={registrant.onChange}
                    />
                  </div>
                ) : null}
                <div
                  className="mt-6 border-t border-slate-100 pt-6"
                  hidden={registrant.choice.asksAddress}
                >
                  <BillingDetailsSection
                    required={needsAddress}
                    signedIn={Boolean(user)}
                    error={billingError}
                    onChange={onBillingChange}
                  />
                </div>
              </section>
              <section
                aria-labelledby="pay-now"
                className="h-fit rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <h2 id="pay-now" className="text-xl font-semibold text-slate-900">
                  {copy.payTitle}
                </h2>
                <p className="mt-2 text-sm text-slate-600">{copy.payBody}</p>
                {offerAutoRenew ? (
                  <div className="mt-5">
                    <AutoRenewChoice
                      checked={autoRenew}
                      onChange={setAutoRenew}
                      terms={autoRenewTerms}
                      renewalDate={periodEnds}
                      disabled={phase !== 'idle'}
                    />
                  </div>
                ) : null}
                <Button
                  variant="accent"
                  size="lg"
                  className="mt-5 w-full"
                  disabled={phase !== 'idle'}
                  onClick={async () => {
                    if ((domainPlan || (hostingPlan && !addedLater)) && !domain) {
                      setDomainError(parsedDomain.problem);
                      return;
                    }
                    if (transfer && !authCode.trim()) {
                      setAuthCodeError(copy.authCodeRequired);
                      return;
                    }
                    if (user && billing.problem) {
                      setBillingError(billing.problem);
                      return;
                    }
                    if (newRegister && registerDomain.problem) {
                      setRegisterError(registerDomain.problem);
                      return;
                    }
                    const newVps = (plan.category === 'vps' || bundleVps) && !renewal;
                    const vpsProblem = newVps ? vpsChoiceProblem(vpsChoice) : null;
                    if (vpsProblem) {
                      setVpsError(vpsProblem);
                      return;
                    }
                    if (!(await registrant.save())) return;
                    // A domain's period goes as months 12 × years, which the server reads as years.
                    void pay({
                      planId: plan.id,
                      planName: plan.name,
                      months: periodMonths,
                      ...(promo && !renewal && !domainPlan ? { promoCode: promo.code } : {}),
                      ...(domain ? { domain } : {}),
                      ...(renewal ? { renew: true } : {}),
                      ...(billing.billing ? { billing: billing.billing } : {}),
                      ...(newVps ? { vps: vpsOrderOf(vpsChoice) } : {}),
                      ...(newRegister && registerDomain.name
                        ? { registerDomain: registerDomain.name }
                        : {}),
                      ...(offerAutoRenew && autoRenew ? { autoRenew: true } : {}),
                      ...(transfer ? { transfer: { authCode: authCode.trim() } } : {}),
                      returnTo,
                      // The server's word on the domain belongs beside the field, not in an alert.
                      onRefused: (error) => {
                        if (newRegister && error.code === 'domain_not_available') {
                          setRegisterError(error.message);
                          return true;
                        }
                        if (newVps && error.code === 'invalid_ssh_key') {
                          setVpsError(error.message);
                          return true;
                        }
                        if (transfer && TRANSFER_ERROR_CODES.has(error.code)) {
                          setAuthCodeError(error.message);
                          return true;
                        }
                        if (!DOMAIN_ERROR_CODES.has(error.code)) return false;
                        setDomainError(error.message);
                        return true;
                      },
                    });
                  }}
                >
                  {phase === 'idle' ? copy.payButton : copy.payBusy}
                </Button>
                {phase === 'verifying' ? (
                  <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-600">
                    <Spinner className="h-4 w-4" /> {copy.verifying}
                  </p>
                ) : null}
                {failure ? (
                  <Alert tone="error" className="mt-4">
                    {failure}
                  </Alert>
                ) : null}
                {afterVerifyNote ? (
                  <Alert tone="info" className="mt-4">
                    {afterVerifyNote}
                  </Alert>
                ) : null}
                <p className="mt-4 text-xs text-slate-500">{copy.guarantee}</p>
              </section>
            </div>
          ) : null}
        </div>
      </Container>
    </div>
  );
}
