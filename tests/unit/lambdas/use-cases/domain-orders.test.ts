/**
 * Domain orders (D21, docs/decisions-domains.md): a domain plan is priced by the year from its
 * name, for 1-3 years, with 18% GST and no promo; a domain on any other plan is refused; the order
 * stores the normalised name, its years and 12 × years months; the quote and orders routes
 * answer each refusal as a readable 400.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { cachedPlans } from '../../../../lambdas/adapters/dynamodb/plans-table';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import {
  InvalidAccountDomainError,
  priceCheckout,
} from '../../../../lambdas/domain/checkout-pricing';
import {
  DomainNotApplicableError,
  DomainRequiredError,
  ExtensionNotSoldError,
  InvalidDomainError,
  InvalidYearsError,
  PromoNotForDomainsError,
} from '../../../../lambdas/domain/domain-names';
import {
  InvalidAuthCodeError,
  TransferNotApplicableError,
} from '../../../../lambdas/domain/domain-transfer';
import { buildInvoice } from '../../../../lambdas/domain/invoice';
import { makeHandler } from '../../../../lambdas/handlers/checkout';
import { serviceName } from '../../../../lambdas/templates/invoice/format';
import { createOrder } from '../../../../lambdas/use-cases/create-order';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld } from '../../../helpers/fakes/world';
import { httpEvent, parse } from '../handlers/handler-world';

// ₹999 for a year of .com on Basic + 18% = ₹1,178.82 (the figure D16 keeps back from a bundle).
const COM_BASIC_1Y = 117_882;

function arrange() {
  const world = fakeWorld();
  let receipts = 0;
  const deps = {
    ...world,
    plans: cachedPlans(new InMemoryPlansStore()),
    newReceipt: () => `rcpt_domain_${(receipts += 1)}`,
  };
  return { world, deps };
}

describe('priceCheckout prices a domain plan by the year (D21)', () => {
  it.each([
    ['basicdomain', 'asharao.com', 1, 99_900, 117_882],
    ['basicdomain', 'asharao.net', 1, 89_900, 106_082],
    ['premiumdomain', 'asharao.com', 2, 249_900, 589_764],
    ['enterprisedomain', 'asharao.net', 3, 479_900, 1_698_846],
  ])('%s %s for %i year(s): %i a year, %i with GST', (planId, domain, years, yearly, total) => {
    const quote = priceCheckout(CATALOG, { planId, domain, years });

    expect(quote).toMatchObject({
      planId,
      months: 12 * years,
      basePaise: yearly * years,
      subtotalPaise: yearly * years,
      durationDiscountPaise: 0,
      promo: null,
      totalPaise: total,
      renewal: false,
      domain: { name: domain, years, yearlyPricePaise: yearly },
    });
    expect(quote.feePaise + quote.subtotalPaise).toBe(quote.totalPaise);
  });

  it('reads months 12, 24 and 36 from older clients as 1, 2 and 3 years', () => {
    const byMonths = [12, 24, 36].map(
      (months) =>
        priceCheckout(CATALOG, { planId: 'basicdomain', domain: 'asharao.com', months }).totalPaise,
    );

    expect(byMonths).toEqual([117_882, 235_764, 353_646]);
  });

  it('defaults to one year, and a renewal is the same yearly price', () => {
    const renewal = priceCheckout(CATALOG, {
      planId: 'basicdomain',
      domain: 'asharao.com',
      renewal: true,
    });

    expect(renewal).toMatchObject({ totalPaise: COM_BASIC_1Y, renewal: true, months: 12 });
  });

  it.each([
    [{ domain: undefined, years: 1 }, DomainRequiredError],
    [{ domain: '  ', years: 1 }, DomainRequiredError],
    [{ domain: 'asha_rao.com', years: 1 }, InvalidDomainError],
    [{ domain: '-asharao.com', years: 1 }, InvalidDomainError],
    [{ domain: 'asharao.io', years: 1 }, ExtensionNotSoldError],
    [{ domain: 'asharao.net.in', years: 1 }, ExtensionNotSoldError],
    [{ domain: 'asharao', years: 1 }, ExtensionNotSoldError],
    [{ domain: 'asharao.com', years: 4 }, InvalidYearsError],
    [{ domain: 'asharao.com', years: 0 }, InvalidYearsError],
    [{ domain: 'asharao.com', months: 1 }, InvalidYearsError],
    [{ domain: 'asharao.com', months: 6 }, InvalidYearsError],
    [{ domain: 'asharao.com', years: 1, months: 24 }, InvalidYearsError],
    [{ domain: 'asharao.com', years: 1, promoCode: 'HOST10' }, PromoNotForDomainsError],
  ])('refuses a domain order %o', (request, error) => {
    expect(() => priceCheckout(CATALOG, { planId: 'basicdomain', ...request })).toThrow(error);
  });

  it('refuses a domain on VPS and storage, and years on any plan but a domain', () => {
    expect(() =>
      priceCheckout(CATALOG, { planId: 'basicvps', months: 12, domain: 'asharao.com' }),
    ).toThrow(DomainNotApplicableError);
    expect(() => priceCheckout(CATALOG, { planId: 'basichosting', years: 1 })).toThrow(
      InvalidYearsError,
    );
    expect(priceCheckout(CATALOG, { planId: 'basichosting', months: 12, domain: '' }).domain).toBe(
      undefined,
    );
  });
});

describe('createOrder for a domain plan', () => {
  it('charges the yearly price + GST and stores the normalised name, years and months', async () => {
    const { world, deps } = arrange();
    await world.givenRegistrant();

    const answer = await createOrder(deps, BUYER, {
      planId: 'basicdomain',
      years: 2,
      domain: '  AshaRao.COM ',
    });

    expect(answer.amountPaise).toBe(2 * COM_BASIC_1Y);
    expect(world.gateway.createdOrders[0]).toMatchObject({
      amountPaise: 2 * COM_BASIC_1Y,
      notes: { planId: 'basicdomain', months: '24', domain: 'asharao.com', promoCode: '' },
    });
    expect(world.orders.items.get(answer.orderId)).toMatchObject({
      domain: 'asharao.com',
      years: 2,
      months: 24,
      amountPaise: 2 * COM_BASIC_1Y,
    });
  });

  it.each([
    [{ planId: 'basicdomain', years: 1 }, DomainRequiredError],
    [{ planId: 'basicdomain', years: 1, domain: 'asharao.io' }, ExtensionNotSoldError],
    [
      { planId: 'basicdomain', years: 1, domain: 'asharao.com', promoCode: 'HOST10' },
      PromoNotForDomainsError,
    ],
    [{ planId: 'basicstorage', months: 12, domain: 'asharao.com' }, DomainNotApplicableError],
    [{ planId: 'basichosting', months: 12, domain: 'not a domain' }, InvalidAccountDomainError],
  ])('refuses %o before Razorpay hears of it', async (input, error) => {
    const { world, deps } = arrange();

    await expect(createOrder(deps, BUYER, input)).rejects.toBeInstanceOf(error);
    expect(world.gateway.createdOrders).toEqual([]);
    expect(world.orders.items.size).toBe(0);
  });

  it('a held name renews at the same yearly price, and its service runs 12 × years months', async () => {
    const { world, deps } = arrange();
    await world.givenRegistrant();
    const first = await createOrder(deps, BUYER, {
      planId: 'basicdomain',
      years: 1,
      domain: 'asharao.com',
    });
    const order = world.orders.items.get(first.orderId);
    if (!order) throw new Error('order not stored');
    const fulfilled = await fulfilPayment(world, order, {
      paymentId: 'pay_domain_1',
      orderId: first.orderId,
      amountPaise: first.amountPaise,
      currency: 'INR',
    });
    if (fulfilled.outcome !== 'fulfilled') throw new Error('not fulfilled');

    const renewal = await createOrder(deps, BUYER, {
      planId: 'basicdomain',
      years: 1,
      domain: 'ASHARAO.com',
    });

    expect(fulfilled.purchase.domain).toBe('asharao.com');
    expect(
      new Date(fulfilled.purchase.renewalDate).getTime() -
        new Date(fulfilled.purchase.startDate).getTime(),
    ).toBe(365 * 24 * 60 * 60 * 1000);
    expect(renewal.quote).toMatchObject({ renewal: true, totalPaise: COM_BASIC_1Y });
  });
});

describe('a domain transferred in with its auth code (D23)', () => {
  it('is one year at the plan’s yearly price; the code stays on the order until it is paid, then only on the service', async () => {
    const { world, deps } = arrange();
    await world.givenRegistrant();
    const answer = await createOrder(deps, BUYER, {
      planId: 'basicdomain',
      years: 1,
      domain: 'asharao.com',
      transfer: { authCode: '  Xy7-secret ' },
    });
    expect(answer.amountPaise).toBe(COM_BASIC_1Y);
    expect(JSON.stringify(world.gateway.createdOrders)).not.toContain('Xy7-secret');
    const order = world.orders.items.get(answer.orderId);
    expect(order?.transferAuthCode).toBe('Xy7-secret');

    const fulfilled = await fulfilPayment(world, order!, {
      paymentId: 'pay_transfer_1',
      orderId: answer.orderId,
      amountPaise: answer.amountPaise,
      currency: 'INR',
    });
    if (fulfilled.outcome !== 'fulfilled') throw new Error('not fulfilled');
    const service = await world.services.getService(BUYER.userId, fulfilled.purchase.serviceId!);
    expect(service?.transfer).toMatchObject({ state: 'requested', authCode: 'Xy7-secret' });
    expect(world.orders.items.get(answer.orderId)).not.toHaveProperty('transferAuthCode');
    expect(JSON.stringify(world.mailer.sent)).not.toContain('Xy7-secret');
    expect(JSON.stringify(world.log)).not.toContain('Xy7-secret');
  });

  it.each([
    [
      { planId: 'basicdomain', years: 1, domain: 'asharao.com', transfer: { authCode: 'a b' } },
      InvalidAuthCodeError,
    ],
    [
      {
        planId: 'basicdomain',
        years: 2,
        domain: 'asharao.com',
        transfer: { authCode: 'Xy7-secret' },
      },
      TransferNotApplicableError,
    ],
    [
      { planId: 'basichosting', months: 12, transfer: { authCode: 'Xy7-secret' } },
      TransferNotApplicableError,
    ],
  ])('refuses %o before Razorpay hears of it', async (input, error) => {
    const { world, deps } = arrange();
    await expect(createOrder(deps, BUYER, input)).rejects.toBeInstanceOf(error);
    expect(world.gateway.createdOrders).toEqual([]);
    expect(world.orders.items.size).toBe(0);
  });
});

describe("a domain's tax invoice line", () => {
  it('reads "Domain registration <name>, N year(s)" at the yearly rate', () => {
    const quote = priceCheckout(CATALOG, {
      planId: 'basicdomain',
      domain: 'asharao.com',
      years: 1,
    });

    const invoice = buildInvoice({
      number: 'INV/26-27/000001',
      issuedAt: '2026-11-22T02:00:00.000Z',
      purchase: {
        paymentId: 'pay_domain_1',
        orderId: 'order_domain_1',
        planName: 'Basic Domain',
        domain: 'asharao.com',
        startDate: '2026-11-22T02:00:00.000Z',
        renewalDate: '2027-11-22T02:00:00.000Z',
        name: 'Asha Rao',
        email: 'asha.rao@example.in',
        quote,
      },
      billing: null,
      seller: SELLER,
    });

    expect(serviceName(invoice.line)).toBe('Domain registration asharao.com, 1 year');
    expect(invoice.line).toMatchObject({ years: 1, yearlyPricePaise: 99_900 });
    expect(invoice.totalPaise).toBe(COM_BASIC_1Y);
  });
});

describe('POST /api/checkout/quote and /orders for domains', () => {
  const world = fakeWorld();
  const plans = new InMemoryPlansStore();
  const handler = makeHandler({ ...world, plans: () => plans.listPlans() });
  const call = async (event: APIGatewayProxyEventV2) => parse(await handler(event));

  it('quotes {planId, domain, years} with the domain terms', async () => {
    const body = JSON.stringify({ planId: 'basicdomain', domain: 'asharao.com', years: 1 });

    const { statusCode, json } = await call(httpEvent('post-checkout-quote.json', { body }));

    expect(statusCode).toBe(200);
    expect(json).toMatchObject({
      planId: 'basicdomain',
      months: 12,
      subtotalPaise: 99_900,
      feePaise: 17_982,
      totalPaise: COM_BASIC_1Y,
      renewal: false,
      domain: { name: 'asharao.com', extension: '.com', years: 1, yearlyPricePaise: 99_900 },
    });
  });

  it('creates the order for a domain at its yearly price', async () => {
    await world.givenRegistrant();
    const body = JSON.stringify({ planId: 'basicdomain', domain: 'asharao.net', months: 24 });

    const { statusCode, json } = await call(httpEvent('post-checkout-orders.json', { body }));

    expect(statusCode).toBe(201);
    expect(json).toMatchObject({ amountPaise: 212_164, quote: { domain: { years: 2 } } });
  });

  it.each([
    ['post-checkout-quote.json', { planId: 'basicdomain', years: 1 }, 'domain_required'],
    ['post-checkout-quote.json', { planId: 'basicdomain', domain: 'a_b.com' }, 'invalid_domain'],
    [
      'post-checkout-quote.json',
      { planId: 'basicdomain', domain: 'ab.io' },
      'extension_not_available',
    ],
    [
      'post-checkout-quote.json',
      { planId: 'basicdomain', domain: 'ab.com', years: 5 },
      'invalid_years',
    ],
    [
      'post-checkout-quote.json',
      { planId: 'basicdomain', domain: 'ab.com', promoCode: 'HOST10' },
      'invalid_promo_code',
    ],
    [
      'post-checkout-quote.json',
      { planId: 'standardstorage', months: 12, domain: 'ab.com' },
      'domain_not_applicable',
    ],
    ['post-checkout-orders.json', { planId: 'basicdomain', months: 12 }, 'domain_required'],
    [
      'post-checkout-orders.json',
      { planId: 'basicvps', months: 12, domain: 'ab.com' },
      'domain_not_applicable',
    ],
  ])('%s answers 400 to %o with %s', async (file, request, code) => {
    const { statusCode, json } = await call(httpEvent(file, { body: JSON.stringify(request) }));

    expect(statusCode).toBe(400);
    expect(json).toEqual({ error: { code, message: expect.stringMatching(/\w.*\./) } });
  });
});

const SELLER = {
  legalName: 'Sample Hosting Private Limited',
  line1: '3rd Floor, 12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  gstin: '29ABCDE1234F1Z5',
};

describe('the domain of a hosting order (D18)', () => {
  it('names the hosting account, normalised, and changes no price', async () => {
    const world = fakeWorld();
    const deps = { ...world, plans: cachedPlans(new InMemoryPlansStore()) };

    const answer = await createOrder(deps, BUYER, {
      planId: 'basichosting',
      months: 12,
      domain: ' AshaTraders.IN ',
    });

    const order = await world.orders.getOrder(answer.orderId);
    expect(order?.domain).toBe('ashatraders.in');
    expect(answer.quote.totalPaise).toBe(
      priceCheckout(CATALOG, { planId: 'basichosting', months: 12 }).totalPaise,
    );
  });
});
