import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { DashboardResponse, Service } from '@domain/api';
import type { Category } from '@domain/plan';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { Container } from '../../components/container';
import { LoadingText } from '../../components/loading-text';
import { dashboardCopy as copy } from '../../content/dashboard';
import { ApiError } from '../../lib/api';
import { getDashboard } from './api/get-dashboard';
import { formatDate, welcomeName } from '../../components/dashboard/format';
import { PaymentsTable } from '../../components/dashboard/payments-table';
import { ServiceList } from '../../components/dashboard/service-list';
import { serviceWords, StatusBadge } from '../../components/dashboard/status-badge';
import {
  isDashboardPending,
  useRefreshWhilePending,
} from '../../components/dashboard/refresh-while-pending';
import { supportTicketsCopy } from '../../content/support-tickets';

type TabId = (typeof copy.tabs)[number]['id'];

/**
 * The Support and Settings tabs' code (their forms, the ticket attachments' rules, two-step
 * sign-in) is not part of the page's start: it is loaded when the buyer points at, focuses or
 * opens the tab (or the address names it), so a visit to the services evaluates only their cards.
 */
const loadSupport = () => import('./support/support-panel');
const loadSettings = () => import('./settings/settings-panel');
const SupportPanel = lazy(() => loadSupport().then((m) => ({ default: m.SupportPanel })));
const SettingsPanel = lazy(() => loadSettings().then((m) => ({ default: m.SettingsPanel })));
const PANEL_LOADS: Partial<Record<TabId, () => Promise<unknown>>> = {
  support: loadSupport,
  settings: loadSettings,
};
function preloadPanel(tab: TabId): void {
  void PANEL_LOADS[tab]?.().catch(() => undefined);
}

const SERVICE_TABS: readonly Category[] = ['domain', 'hosting', 'vps', 'storage', 'bundle'];

function isCategory(tab: TabId): tab is Category {
  return (SERVICE_TABS as readonly string[]).includes(tab);
}

type LoadState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: DashboardResponse };

/**
 * A service tab's content below its heading: the current plan's banner when it is of this kind,
 * then one card per held service, or what to buy when there is none.
 */
function CategoryCards({
  data,
  tab,
  onChanged,
  onGetHelp,
}: {
  data: DashboardResponse;
  tab: Category;
  onChanged: () => void;
  onGetHelp: (serviceId: string) => void;
}) {
  const currentService = data.services.find((s) => s.planId === data.user.currentPlan);
  // Its words are the latest record's, as on its card (group-services.ts).
  const currentLatest = data.services
    .filter((s) => s.planId === data.user.currentPlan)
    .reduce<Service | undefined>(
      (latest, s) => (!latest || s.renewalDate > latest.renewalDate ? s : latest),
      undefined,
    );
  const services = data.services.filter((s) => s.category === tab);
  return (
    <>
      {currentService && currentService.category === tab && data.user.expiry ? (
        <div
          className="mb-6 rounded-2xl bg-gradient-to-r from-brand-700 to-brand-900 p-6 text-white shadow"
          data-testid="current-plan"
        >
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">
            {copy.currentPlanTitle}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <p className="text-2xl font-bold">{currentService.name}</p>
            {currentLatest ? <StatusBadge words={serviceWords(currentLatest)} /> : null}
          </div>
          <p className="mt-1 text-sm text-brand-100">
            {copy.currentPlanExpires} {formatDate(data.user.expiry)}
          </p>
        </div>
      ) : null}
      {services.length > 0 ? (
        <ServiceList
          services={services}
          payments={data.payments}
          onCancelled={onChanged}
          onChanged={onChanged}
          onGetHelp={onGetHelp}
        />
      ) : (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-slate-700">{copy.empty(copy.categoryNoun[tab])}</p>
          <ButtonLink to={copy.getPlanTo[tab]} className="mt-4">
            {copy.getPlan}
          </ButtonLink>
        </div>
      )}
    </>
  );
}

export function DashboardPage() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Each tab has its own address, `/dashboard?tab=payments` (#26), so it can be linked and
  // reloaded: a ticket mail links to ?tab=support&ticket=TKT-… (D27); Settings sends a buyer who
  // signed in again to delete their account back to ?tab=settings.
  const [params, setParams] = useSearchParams();
  const linkedTicket = params.get('ticket') ?? undefined;
  const [linkedTab] = useState(() => copy.tabs.find((t) => t.id === params.get('tab'))?.id);
  const startOnSupport = linkedTab !== undefined;
  const [tab, setShownTab] = useState<TabId>(linkedTab ?? 'domain');
  /** Shows a tab and puts it in the address (replacing it: tabs are not pages to go back through). */
  const setTab = (next: TabId) => {
    setShownTab(next);
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        query.set('tab', next);
        if (next !== 'support') query.delete('ticket');
        return query;
      },
      { replace: true },
    );
  };
  const [helpFor, setHelpFor] = useState<string>();
  const tabButtons = useRef<Array<HTMLButtonElement | null>>([]);
  // The welcome line, the quick links and the tabs render as soon as the dashboard has answered;
  // the open tab's cards follow in a render of their own, in a transition that yields to the
  // browser between components, instead of the whole page in one long task. Later reads (a
  // refresh) keep showing the cards they replace until theirs are ready.
  const cardsData = useDeferredValue(state.status === 'ready' ? state.data : undefined);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    getDashboard().then(
      (data) => {
        if (cancelled) return;
        const current = data.services.find((s) => s.planId === data.user.currentPlan);
        // The buyer's current plan's tab, unless the address named one (not written to it).
        if (current && !startOnSupport) setShownTab(current.category);
        setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (cancelled) return;
        const notFound = error instanceof ApiError && error.status === 404;
        setState({ status: 'error', message: notFound ? copy.notFound : copy.loadFailed });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt, startOnSupport]);

  /** Reads the dashboard again in place (after a cancellation), keeping the page as it is. */
  function refresh(): Promise<void> {
    return getDashboard().then(
      (data) => setState({ status: 'ready', data }),
      () => undefined,
    );
  }

  // While a card says Setting up, Updating… or a transfer is in progress, it reads itself again
  // (3 s, then longer, up to 30 s; not while the tab is hidden), so Active shows without a reload.
  useRefreshWhilePending(state.status === 'ready' && isDashboardPending(state.data), refresh);

  async function logout() {
    await signOut();
    void navigate('/');
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const count = copy.tabs.length;
    const next =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? (index + 1) % count
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? (index - 1 + count) % count
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const target = copy.tabs[next];
    if (target) setTab(target.id);
    tabButtons.current[next]?.focus();
  }

  if (state.status === 'loading') return <LoadingText>{copy.loading}</LoadingText>;
  if (state.status === 'error') {
    return (
      <Container className="py-16">
        <Alert tone="error">{state.message}</Alert>
        <Button variant="secondary" className="mt-4" onClick={() => setAttempt((n) => n + 1)}>
          {copy.retry}
        </Button>
      </Container>
    );
  }

  const { data } = state;
  const email = data.user.email || user?.email || '';
  return (
    <div className="bg-slate-50">
      <Container className="py-8 sm:py-12">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {copy.welcome(welcomeName(email, copy.welcomeFallbackName))}
            </h1>
            <p className="mt-1 text-slate-600">{copy.subtitle}</p>
          </div>
          <div className="flex gap-3">
            <ButtonLink to="/hosting" variant="accent">
              {copy.quickNewWebsite}
            </ButtonLink>
            {/* D21: a domain starts from its name, chosen on /domains. */}
            <ButtonLink to="/domains" variant="secondary">
              {copy.quickAddDomain}
            </ButtonLink>
          </div>
        </div>

        <div className="mt-8 grid gap-6 lg:grid-cols-[14rem_1fr]">
          <aside className="h-fit min-w-0 rounded-2xl border border-slate-200 bg-white p-2">
            <div
              role="tablist"
              aria-label={copy.sidebarLabel}
              aria-orientation="vertical"
              // On a phone the tabs wrap onto a second line: every tab in sight, none behind a
              // sideways scroll that nothing hinted at (#26).
              className="flex flex-wrap gap-1 lg:flex-col lg:flex-nowrap"
            >
              {copy.tabs.map((item, index) => (
                <button
                  key={item.id}
                  ref={(node) => {
                    tabButtons.current[index] = node;
                  }}
                  id={`dashboard-tab-${item.id}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === item.id}
                  aria-controls="dashboard-panel"
                  tabIndex={tab === item.id ? 0 : -1}
                  onClick={() => setTab(item.id)}
                  onKeyDown={(event) => onTabKeyDown(event, index)}
                  onPointerEnter={() => preloadPanel(item.id)}
                  onFocus={() => preloadPanel(item.id)}
                  className={`rounded-lg px-3 py-2.5 text-left text-sm font-medium whitespace-nowrap lg:px-4 ${
                    tab === item.id
                      ? 'bg-brand-600 text-white'
                      : 'text-slate-700 hover:bg-slate-100'
                  }`}
                >
                  {item.label}
                </button>
              ))}
            </div>
            <button
              type="button"
              onClick={() => void logout()}
              className="mt-1 w-full rounded-lg px-4 py-2.5 text-left text-sm font-medium text-red-700 hover:bg-red-50"
            >
              {copy.logout}
            </button>
          </aside>

          <section
            id="dashboard-panel"
            role="tabpanel"
            aria-labelledby={`dashboard-tab-${tab}`}
            // Busy while the cards of the dashboard's latest read have still to render.
            aria-busy={cardsData !== data}
            tabIndex={0}
            className="min-w-0"
          >
            {isCategory(tab) ? (
              <>
                <h2 className="mb-4 text-xl font-semibold text-slate-900">
                  {copy.categoryTitle[tab]}
                </h2>
                {cardsData ? (
                  <CategoryCards
                    data={cardsData}
                    tab={tab}
                    onChanged={() => void refresh()}
                    onGetHelp={(serviceId) => {
                      setHelpFor(serviceId);
                      setTab('support');
                    }}
                  />
                ) : null}
              </>
            ) : null}
            {tab === 'payments' ? (
              <>
                <h2 className="mb-4 text-xl font-semibold text-slate-900">{copy.paymentsTitle}</h2>
                {cardsData ? <PaymentsTable payments={cardsData.payments} /> : null}
              </>
            ) : null}
            {tab === 'support' ? (
              <>
                <h2 className="mb-4 text-xl font-semibold text-slate-900">
                  {supportTicketsCopy.title}
                </h2>
                <Suspense fallback={<LoadingText>{copy.loading}</LoadingText>}>
                  <SupportPanel
                    services={data.services}
                    aboutService={helpFor}
                    initialTicket={linkedTicket}
                  />
                </Suspense>
              </>
            ) : null}
            {tab === 'settings' ? (
              <>
                <h2 className="mb-4 text-xl font-semibold text-slate-900">{copy.settingsTitle}</h2>
                <Suspense fallback={<LoadingText>{copy.loading}</LoadingText>}>
                  <SettingsPanel email={email} />
                </Suspense>
              </>
            ) : null}
          </section>
        </div>
      </Container>
    </div>
  );
}
