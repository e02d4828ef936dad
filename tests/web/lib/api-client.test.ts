import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, NETWORK_ERROR_MESSAGE } from '../../../web/src/lib/api';
import { loadRazorpay } from '../../../web/src/lib/razorpay-checkout';
import { API, apiError, startMockApi } from '../support/api-server';
import { resetAuthMock, setSignedInUser, TEST_ID_TOKEN } from '../support/amplify-auth-mock';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

beforeEach(() => resetAuthMock());

describe('the API client (Amplify REST)', () => {
  it('GETs a public route without an Authorization header', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get(`${API}/plans`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ plans: [] });
      }),
    );
    await expect(apiGet('/plans')).resolves.toEqual({ plans: [] });
    expect(authorization).toBeNull();
  });

  it("POSTs JSON with the user's ID token on an authenticated route", async () => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    let seen: { authorization: string | null; body: unknown } | undefined;
    server.use(
      http.post(`${API}/checkout/orders`, async ({ request }) => {
        seen = { authorization: request.headers.get('authorization'), body: await request.json() };
        return HttpResponse.json({ orderId: 'order_1' }, { status: 201 });
      }),
    );
    await expect(
      apiPost('/checkout/orders', { planId: 'basicvps', months: 12 }, { auth: true }),
    ).resolves.toEqual({
      orderId: 'order_1',
    });
    expect(seen).toEqual({
      authorization: `Bearer ${TEST_ID_TOKEN}`,
      body: { planId: 'basicvps', months: 12 },
    });
  });

  it('refuses an authenticated call when nobody is signed in, without calling the API', async () => {
    const called = vi.fn();
    server.use(http.get(`${API}/me/dashboard`, () => (called(), HttpResponse.json({}))));
    await expect(apiGet('/me/dashboard', { auth: true })).rejects.toMatchObject({ status: 401 });
    expect(called).not.toHaveBeenCalled();
  });

  it("throws ApiError with the API's status, code and buyer-readable message", async () => {
    server.use(
      http.post(`${API}/checkout/quote`, () =>
        apiError(400, 'invalid_promo_code', 'That promo code is not valid.'),
      ),
    );
    const error = await apiPost('/checkout/quote', {
      planId: 'basicvps',
      months: 12,
      promoCode: 'x',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_promo_code',
      message: 'That promo code is not valid.',
    });
  });

  it('does not retry a failed POST', async () => {
    const calls = vi.fn();
    server.use(
      http.post(
        `${API}/checkout/orders`,
        () => (calls(), apiError(500, 'internal_error', 'Sorry.')),
      ),
    );
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    await expect(apiPost('/checkout/orders', {}, { auth: true })).rejects.toMatchObject({
      status: 500,
    });
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it("throws a public GET's error answer as ApiError with the API's status, code and message", async () => {
    const error = await apiGet('/plans/nosuchplan').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'plan_not_found',
      message: 'We could not find that plan. Please choose a plan from our pricing pages.',
    });
  });

  it('turns a network failure into ApiError status 0', async () => {
    server.use(http.get(`${API}/plans`, () => HttpResponse.error()));
    await expect(apiGet('/plans')).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: NETWORK_ERROR_MESSAGE,
    });
  });
});

describe('the Razorpay loader', () => {
  it('adds the configured script once and resolves with window.Razorpay when it loads', async () => {
    delete window.Razorpay;
    const src = 'http://127.0.0.1:8100/v1/checkout.js';
    const first = loadRazorpay(src);
    const second = loadRazorpay(src);
    const scripts = document.querySelectorAll(`script[src="${src}"]`);
    expect(scripts).toHaveLength(1);
    class Checkout {
      open() {}
      on() {}
    }
    window.Razorpay = Checkout as unknown as NonNullable<typeof window.Razorpay>;
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(Checkout);
    await expect(second).resolves.toBe(Checkout);
  });
});
