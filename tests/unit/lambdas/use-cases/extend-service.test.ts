/**
 * A payment's period of its service (extendService) on the in-memory fakes: the service's id, how
 * many times a write that keeps losing to other payments is tried, and what is answered when the
 * last try wins or loses. fulfil-payment.test.ts has the periods themselves, concurrent payments
 * and crashes.
 */
import { describe, expect, it } from 'vitest';
import type { ServicePeriod } from '../../../../lambdas/domain/service-periods';
import type { ServiceIdentity } from '../../../../lambdas/ports/services';
import {
  extendService,
  MAX_EXTENSION_ATTEMPTS,
  ServiceExtensionConflictError,
  serviceIdFor,
} from '../../../../lambdas/use-cases/extend-service';
import { InMemoryPurchasesStore, InMemoryServicesStore } from '../../../helpers/fakes/stores';
import { BUYER } from '../../../helpers/fakes/world';

const AT = new Date('2026-11-22T02:00:00.000Z');
const HOSTING = {
  userId: BUYER.userId,
  planId: 'basichosting',
  planName: 'Basic Hosting',
  category: 'hosting',
} as const;
const PAYMENT = {
  purchaseId: 'pur_pay_Nx7gT4uVw8bYd1',
  paymentId: 'pay_Nx7gT4uVw8bYd1',
  planId: 'basichosting',
  months: 12,
  amountPaise: 3_538_584,
} as const;

/** A services store whose writes lose to another payment `losses` times, then go through. */
class ContendedServices extends InMemoryServicesStore {
  writes = 0;
  constructor(private losses: number) {
    super();
  }
  override async extendService(
    service: ServiceIdentity,
    period: ServicePeriod,
    expectedVersion: number,
    at: string,
  ): Promise<boolean> {
    this.writes += 1;
    if (this.writes <= this.losses) return false;
    return super.extendService(service, period, expectedVersion, at);
  }
}

describe('serviceIdFor', () => {
  it('is the same for every payment of one buyer for one plan, as it has always been', () => {
    // Stored on every service and purchase: a new derivation would lose the buyer's service.
    expect(serviceIdFor(BUYER.userId, { planId: 'basichosting' })).toBe(
      'svc_7300c1af7c34e691cbf75fe0',
    );
    expect(serviceIdFor(BUYER.userId, { planId: 'basichosting', domain: '' })).toBe(
      'svc_7300c1af7c34e691cbf75fe0',
    );
  });

  it('differs by buyer, plan and domain name, and says nothing of them', () => {
    const ids = [
      serviceIdFor(BUYER.userId, { planId: 'basichosting' }),
      serviceIdFor('0b9e6a52-3f1d-4b7c-8e2a-5c6d7e8f9a0b', { planId: 'basichosting' }),
      serviceIdFor(BUYER.userId, { planId: 'premiumhosting' }),
      serviceIdFor(BUYER.userId, { planId: 'basicdomain', domain: 'asha-traders.in' }),
      serviceIdFor(BUYER.userId, { planId: 'basicdomain', domain: 'asha-traders.com' }),
    ];

    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^svc_[0-9a-f]{24}$/);
  });
});

describe('extendService', () => {
  it('writes on the service the order names, when it names one (a changed plan)', async () => {
    const services = new InMemoryServicesStore();
    const deps = { services, purchases: new InMemoryPurchasesStore() };

    const { serviceId } = await extendService(
      deps,
      { ...HOSTING, serviceId: 'svc_0a1b2c3d4e5f6a7b8c9d0e1f' },
      PAYMENT,
      AT,
    );

    expect(serviceId).toBe('svc_0a1b2c3d4e5f6a7b8c9d0e1f');
    expect(services.all().map((s) => s.serviceId)).toEqual(['svc_0a1b2c3d4e5f6a7b8c9d0e1f']);
  });

  it('keeps trying while other payments win the write, and answers the try that wins last', async () => {
    const services = new ContendedServices(MAX_EXTENSION_ATTEMPTS - 1);
    const deps = { services, purchases: new InMemoryPurchasesStore() };

    const { serviceId, period } = await extendService(deps, HOSTING, PAYMENT, AT);

    expect(services.writes).toBe(MAX_EXTENSION_ATTEMPTS);
    expect(serviceId).toBe(serviceIdFor(BUYER.userId, HOSTING));
    expect(period).toMatchObject({
      purchaseId: PAYMENT.purchaseId,
      startDate: '2026-11-22T02:00:00.000Z',
      renewalDate: '2027-11-22T02:00:00.000Z',
    });
    expect(services.all()).toEqual([
      expect.objectContaining({ renewalDate: '2027-11-22T02:00:00.000Z', version: 1 }),
    ]);
  });

  it(`gives up after ${MAX_EXTENSION_ATTEMPTS} lost writes, naming the service and the payment, so the delivery is retried`, async () => {
    const services = new ContendedServices(Number.POSITIVE_INFINITY);
    const deps = { services, purchases: new InMemoryPurchasesStore() };

    const refusal = await extendService(deps, HOSTING, PAYMENT, AT).then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(refusal).toBeInstanceOf(ServiceExtensionConflictError);
    expect(refusal).toMatchObject({
      name: 'ServiceExtensionConflictError',
      message: `service ${serviceIdFor(BUYER.userId, HOSTING)} kept changing; purchase ${PAYMENT.purchaseId} not applied yet`,
    });
    expect(services.writes).toBe(MAX_EXTENSION_ATTEMPTS);
    expect(services.all()).toEqual([]);
  });
});
