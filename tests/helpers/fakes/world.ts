/** A whole backend on in-memory fakes, with a clock the test controls. */
import { CATALOG } from '../../../lambdas/domain/catalog';
import { quote } from '../../../lambdas/domain/pricing';
import type { OrderRecord } from '../../../lambdas/ports/orders';
import {
  FakePaymentGateway,
  InMemoryOrdersStore,
  InMemoryProcessedEvents,
  InMemoryPurchasesStore,
  InMemoryRateLimiter,
  InMemoryServicesStore,
  InMemoryUsersStore,
  InMemoryWelcomeMailClaims,
  RecordingEventPublisher,
  RecordingLog,
  RecordingMailer,
} from './stores';
import { InMemoryDocumentCounters } from './document-counters';
import { InMemoryRefundsStore } from './refunds';
import { SAMPLE_BUYER_SAME_STATE, SAMPLE_SELLER } from '../../../lambdas/templates/invoice/sample';
import { invoiceFonts } from '../../../lambdas/adapters/fonts/invoice-fonts';

export const KEY_SECRET = 'test_key_secret';
export const WEBHOOK_SECRET = 'test_webhook_secret';
export const BUYER = {
  userId: '5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c',
  email: 'asha.verma@example.in',
  name: 'Asha Verma',
  phone: '+919876543210',
};

export function fakeWorld(start = new Date('2026-11-22T02:00:00.000Z')) {
  let now = start;
  const world = {
    orders: new InMemoryOrdersStore(),
    purchases: new InMemoryPurchasesStore(),
    services: new InMemoryServicesStore(),
    users: new InMemoryUsersStore(),
    events: new RecordingEventPublisher(),
    processedEvents: new InMemoryProcessedEvents(),
    refunds: new InMemoryRefundsStore(),
    claims: new InMemoryWelcomeMailClaims(),
    mailer: new RecordingMailer(),
    gateway: new FakePaymentGateway({ keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET }),
    log: new RecordingLog(),
    counters: new InMemoryDocumentCounters(),
    /** Per-buyer limits (#26) and the contact form's. */
    limits: new InMemoryRateLimiter(),
    /** SAMPLE DATA: a seller in Karnataka (lambdas/templates/invoice/sample.ts). */
    seller: () => SAMPLE_SELLER,
    /** The invoice PDF's fonts, from the dejavu-fonts-ttf package (read once per process). */
    fonts: invoiceFonts,
    /** No waiting after a lost race for a document counter: the fakes interleave by ticks. */
    pauseAfterLostRace: () => Promise.resolve(),
    now: () => now,
    setNow(date: Date) {
      now = date;
    },
    /** Every purchase as recorded before services were stored: no service item, no serviceId. */
    recordedBeforeServices() {
      world.services.items.clear();
      for (const [key, purchase] of world.purchases.items) {
        const { serviceId: _none, ...old } = purchase;
        world.purchases.items.set(key, old);
      }
    },
    /** Stores an order as create-order would, and returns it. */
    async givenOrder(overrides: Partial<OrderRecord> = {}): Promise<OrderRecord> {
      const planId = overrides.planId ?? 'basichosting';
      const plan = CATALOG.find((p) => p.id === planId);
      if (!plan) throw new Error(`no plan ${planId}`);
      const q = quote(plan, overrides.months ?? 12, overrides.promoCode);
      const order: OrderRecord = {
        orderId: 'order_Nx7fQm2kLp9aZc',
        receipt: 'rcpt_3f9a1c2b7d4e5f6a7b8c9d0e',
        userId: BUYER.userId,
        email: BUYER.email,
        name: BUYER.name,
        planId,
        planName: plan.name,
        category: plan.category,
        months: q.months,
        quote: q,
        amountPaise: q.totalPaise,
        currency: 'INR',
        status: 'created',
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        ...overrides,
      };
      await world.orders.putOrder(order);
      return order;
    },
    /**
     * The buyer's profile holds a registrant (D23): BUYER's mobile number and a billing address,
     * as the checkout saves them before a name is ordered (an order without them is refused).
     */
    async givenRegistrant(): Promise<void> {
      await world.users.createUserIfMissing({ ...BUYER, createdAt: now.toISOString() });
      await world.users.updateProfile(
        BUYER.userId,
        { billing: SAMPLE_BUYER_SAME_STATE },
        now.toISOString(),
      );
    },
  };
  return world;
}

export type FakeWorld = ReturnType<typeof fakeWorld>;
