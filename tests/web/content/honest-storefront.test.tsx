/**
 * What a buyer reads is what happens (issue 18): every price on a public page carries its GST, no
 * dollar amounts, no copy that promises a feature we have not built, and no offer without an end
 * date. Each public route is rendered as a visitor sees it (plans loaded, a domain searched), and
 * every string of the site's copy is checked as well, hidden FAQ answers and tabs included.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOG } from '@domain/catalog';
import { appRoutes } from '../../../web/src/app/routes';
import * as catalog from '../../../web/src/content/catalog';
import * as company from '../../../web/src/content/company';
import * as contact from '../../../web/src/content/contact';
import * as docs from '../../../web/src/content/docs';
import * as domainSearch from '../../../web/src/content/domain-search';
import * as faqs from '../../../web/src/content/faqs';
import * as home from '../../../web/src/content/home';
import * as layout from '../../../web/src/content/layout';
import * as policies from '../../../web/src/content/policies';
import { routeMeta } from '../../../web/src/content/route-meta';
import { sampleBusiness, type Offer } from '../../../web/src/content/sample-business';
import * as support from '../../../web/src/content/support';
import * as checkout from '../../../web/src/content/checkout';
import * as dashboard from '../../../web/src/content/dashboard';
import { OfferBadge } from '../../../web/src/features/home/components/offer-badge';
import { isOfferLive } from '../../../web/src/lib/offer';
import { resetAuthMock } from '../support/amplify-auth-mock';
import { startMockApi } from '../support/api-server';
import { renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();
afterEach(() => resetAuthMock());

/**
 * Promises of features that do not exist (or contradict docs/decisions.md). A phrase here is a
 * failing test the moment copy names it again; take one out only when the feature is built.
 */
const NOT_BUILT: [string, RegExp][] = [
  ['snapshots', /snapshot/i],
  ['plan upgrades', /\bupgrad(e|es|ing)\b|move up a plan|credit the unused/i],
  ['two-step verification', /two-step|two-factor|\b2fa\b|\bmfa\b/i],
  ['a migration request from the dashboard', /migration request/i],
  [
    'domain transfers',
    /start the transfer|transfer code|authori[sz]ation code|transfer (takes|completes|usually)|transferring/i,
  ],
  ['live chat', /live chat|chat with (our|us)|start a chat|\bon chat\b|urgent chats?/i],
  [
    'hardware security keys or anything shipped',
    /security key|courier|tracking details|express shipping|overnight/i,
  ],
  ['setup fees', /setup fee/i],
  [
    'a password or credentials in mail (D18)',
    /root password in|password (from|in) (the|your) (welcome )?e?mail|credentials from your welcome|credentials are emailed/i,
  ],
  ['a refunded service running on (D16)', /stays active until the end/i],
  ['extensions we do not sell', /over \d+ extensions|\.(?:store|tech|io)\b/i],
  ['a DNS editor or sync client we do not have', /DNS editor|desktop sync client/i],
  ['"you have not been charged" after a failed payment', /not been charged/i],
];

/** Every string in a module's copy (functions are called with sample arguments). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function')
    return strings((value as (...args: unknown[]) => unknown)('Sample', 'Sample'));
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const siteCopy = strings([
  catalog,
  company,
  contact,
  docs,
  domainSearch,
  faqs,
  home,
  layout,
  policies,
  support,
  sampleBusiness.testimonials,
  routeMeta,
]);
const publicCopy = [
  ...siteCopy,
  ...strings(CATALOG.map((plan) => [plan.name, plan.description, plan.features])),
];
const allCopy = [...publicCopy, ...strings([checkout, dashboard])];

const PRICE = /(?:₹|Rs\.?\s?|INR\s?)\s?\d[\d,]*(?:\.\d{1,2})?/g;
/** After a price (and its /mo or /yr): the GST it carries. */
const WITH_GST = /^(?:\/(?:mo|yr))?\s*(?:\+ 18% GST|\(?incl\. GST)/;

/** Each price in `text` that is not followed by its GST, with what follows it. */
function pricesWithoutGst(text: string): string[] {
  return [...text.matchAll(PRICE)]
    .filter((m) => !WITH_GST.test(text.slice((m.index ?? 0) + m[0].length)))
    .map((m) => text.slice(m.index, (m.index ?? 0) + m[0].length + 20));
}

const PUBLIC_ROUTES = appRoutes
  .map((route) => route.path)
  .filter((path) => !['/checkout', '/login', '/signup', '/dashboard', '*'].includes(path))
  // The operator's console is for operators only (tests/web/admin).
  .filter((path) => !path.startsWith('/admin'));

/** A public route as a visitor reads it: its plans loaded, and on /domains a name searched. */
async function readRoute(path: string): Promise<string> {
  // Awaited, so that a page which suspends on its first render still commits its later updates.
  await act(async () => {
    renderApp(path);
  });
  await screen.findByRole('heading', { level: 1 });
  if (['/hosting', '/vps', '/storage', '/domain', '/pricing'].includes(path)) {
    await screen.findAllByRole('article');
  }
  if (path === '/domains') {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Domain name'), 'asharao');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('asharao.com');
  }
  return document.body.textContent ?? '';
}

describe('every price a buyer reads carries its GST (D10)', () => {
  it('covers every public route', () => {
    expect(PUBLIC_ROUTES).toEqual(
      expect.arrayContaining([
        '/',
        '/hosting',
        '/vps',
        '/storage',
        '/domain',
        '/pricing',
        '/domains',
      ]),
    );
    expect(PUBLIC_ROUTES.length).toBeGreaterThanOrEqual(18);
  });

  it.each(PUBLIC_ROUTES)('%s: each ₹ amount is followed by "+ 18% GST"', async (path) => {
    server.use(http.get('*/api/plans', () => HttpResponse.json({ plans: CATALOG })));
    const text = await readRoute(path);
    expect(pricesWithoutGst(text)).toEqual([]);
    expect(text).not.toMatch(/\$\s?\d/);
    cleanup();
  });

  it('shows prices on the listings and /domains (the check above has something to check)', async () => {
    server.use(http.get('*/api/plans', () => HttpResponse.json({ plans: CATALOG })));
    expect(await readRoute('/pricing')).toMatch(/₹4,532\.25\/mo \+ 18% GST/);
    cleanup();
    expect(await readRoute('/domains')).toContain('₹999.00/yr + 18% GST');
  });

  it('in every title, description and string of copy too, FAQ answers and hidden tabs included', () => {
    expect(publicCopy.length).toBeGreaterThan(300);
    expect(publicCopy.flatMap(pricesWithoutGst)).toEqual([]);
  });

  it('the check itself catches a bare price', () => {
    expect(pricesWithoutGst('Only ₹2,499.00/mo today')).toHaveLength(1);
    expect(pricesWithoutGst('₹2,499.00/mo + 18% GST, ₹1,178.82 incl. GST')).toEqual([]);
  });
});

describe('no dollar amounts on a rupee site', () => {
  it('anywhere in the copy', () => {
    expect(allCopy.filter((text) => /\$\s?\d|\bUSD\b/.test(text))).toEqual([]);
  });
});

describe('no copy names a feature we have not built', () => {
  it.each(NOT_BUILT)('%s', (_feature, phrase) => {
    expect(allCopy.filter((text) => phrase.test(text))).toEqual([]);
  });

  it('each rendered public page too', async () => {
    server.use(http.get('*/api/plans', () => HttpResponse.json({ plans: CATALOG })));
    for (const path of PUBLIC_ROUTES) {
      const text = await readRoute(path);
      const found = NOT_BUILT.filter(([, phrase]) => phrase.test(text)).map(([name]) => name);
      expect({ path, found }).toEqual({ path, found: [] });
      cleanup();
    }
  }, 120_000);
});

describe('one story everywhere', () => {
  it('phone support is for Enterprise: every support phone number on a page says so beside it', async () => {
    for (const path of ['/', '/contact', '/support', '/refund', '/terms', '/privacy']) {
      renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      const phones = [
        ...document.querySelectorAll(`a[href="${sampleBusiness.contact.phoneHref}"]`),
      ];
      for (const link of phones) {
        expect(link.parentElement?.textContent).toMatch(/Enterprise/);
      }
      cleanup();
    }
    const calls = publicCopy.filter((t) => /\bcall\b|phone support/i.test(t));
    expect(calls.length).toBeGreaterThan(0);
    for (const text of calls) expect(text).toMatch(/Enterprise/);
  });

  it('Basic Hosting has weekly backups, and daily backups are only ever claimed for larger plans', () => {
    const basic = CATALOG.find((plan) => plan.id === 'basichosting');
    expect(basic?.features).toContain('Weekly backups');
    expect(basic?.features.join(' ')).not.toMatch(/daily/i);
    for (const text of siteCopy.filter((t) => /daily backup/i.test(t))) {
      expect(text).toMatch(/Premium|Enterprise|Standard|larger/i);
    }
  });

  it('a failed payment tells the buyer a debited amount comes back, and how soon', () => {
    expect(checkout.checkoutCopy.paymentFailed('Your card was declined')).toBe(
      'Payment failed: Your card was declined. If your bank debited your account, Razorpay refunds the amount automatically, typically within 5–7 working days. Please try again.',
    );
  });

  it('names a grievance officer with contact details, and marks the business details as sample content', () => {
    const officer = sampleBusiness.grievanceOfficer;
    expect(officer.name.trim()).not.toBe('');
    expect(officer.email).toMatch(/@/);
    for (const policy of [policies.privacyPolicy, policies.termsOfService, policies.refundPolicy]) {
      expect(strings(policy).join(' ')).toContain(officer.name);
    }
    expect(layout.footer.sampleNotice).toMatch(/sample content/);
  });
});

describe('an offer badge always says when the offer ends', () => {
  const text = (label: string, date: string) => `${label} until ${date}`;
  const renderBadge = (offer: Offer | null) =>
    render(
      <MemoryRouter>
        <OfferBadge offer={offer} text={text} />
      </MemoryRouter>,
    );

  it('shows a configured offer with its last day', () => {
    vi.useFakeTimers({ now: new Date('2026-12-20T10:00:00+05:30'), toFake: ['Date'] });
    renderBadge({ label: 'Festive offer', endsOn: '2026-12-31' });
    expect(screen.getByTestId('offer-badge')).toHaveTextContent('Festive offer until 31 Dec 2026');
    vi.useRealTimers();
  });

  it('shows nothing once the last day has ended in India, nor without a valid end date', () => {
    const offer = { label: 'Festive offer', endsOn: '2026-12-31' };
    expect(isOfferLive(offer, new Date('2026-12-31T23:59:00+05:30'))).toBe(true);
    expect(isOfferLive(offer, new Date('2027-01-01T00:00:00+05:30'))).toBe(false);
    expect(isOfferLive({ label: 'Offer', endsOn: '' }, new Date('2026-01-01'))).toBe(false);
    expect(isOfferLive({ label: 'Offer', endsOn: '2026-02-30' }, new Date('2026-01-01'))).toBe(
      false,
    );
    expect(isOfferLive(null, new Date())).toBe(false);

    vi.useFakeTimers({ now: new Date('2027-01-02T10:00:00+05:30'), toFake: ['Date'] });
    renderBadge(offer);
    expect(screen.queryByTestId('offer-badge')).not.toBeInTheDocument();
    cleanup();
    renderBadge({ label: 'Limited-time offer', endsOn: 'soon' });
    expect(screen.queryByTestId('offer-badge')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('on every public page: any urgency is a dated offer badge', async () => {
    server.use(http.get('*/api/plans', () => HttpResponse.json({ plans: CATALOG })));
    for (const path of PUBLIC_ROUTES) {
      await readRoute(path);
      for (const badge of screen.queryAllByTestId('offer-badge')) {
        expect(badge).toHaveTextContent(/until \d{1,2} [A-Z][a-z]{2} \d{4}/);
      }
      const urgent = [...document.querySelectorAll('body *')].filter(
        (el) =>
          el.children.length === 0 &&
          /limited[- ]time|hurry|ends soon|today only/i.test(el.textContent ?? '') &&
          !el.closest('[data-testid="offer-badge"]'),
      );
      expect({ path, urgent: urgent.map((el) => el.textContent) }).toEqual({ path, urgent: [] });
      cleanup();
    }
  }, 120_000);

  it('the sample configuration runs no offer, so the home page shows no badge', async () => {
    expect(sampleBusiness.offer).toBeNull();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.queryByTestId('offer-badge')).not.toBeInTheDocument());
  });
});
