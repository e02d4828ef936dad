/**
 * Cancel from the dashboard (docs/decisions.md D16): `POST /api/me/services/{serviceId}/cancel`.
 *
 * Exactly once, without transactions, in an order a retry resumes after a crash anywhere:
 *   1. the refund of each payment to give back is recorded as an intent, keyed by the payment
 *      (a conditional put): two clicks, two tabs and retries meet on the same record;
 *   2. the refunded periods are taken back from the service (one write on its version): it ends
 *      now, or a cancelled renewal returns it to its previous renewal date;
 *   3. the buyer's current plan and expiry are recomputed from what is still active (D4);
 *   4. RefundRequested is published for each intent (until marked), and ServiceCancelled when the
 *      service ended. Razorpay is asked by the refunds worker, never here: it finds an earlier
 *      attempt by the intent's receipt before making a refund, so there is one refund per payment
 *      however often this runs. The worker also mails the buyer and suspends the hosting.
 * The answer is the same when repeated: the intents recorded the first time are the plan.
 */
import type { CancelServiceResponse } from '../../domain/api';
import type { Paise } from '../../domain/money';
import { planCancellation, refundReceipt } from '../../domain/refunds';
import type { EventPublisher } from '../../ports/events';
import type { LogPort } from '../../ports/logger';
import type { PurchaseRecord, PurchasesStore } from '../../ports/purchases';
import type { RefundOrigin, RefundRecord, RefundsStore } from '../../ports/refunds';
import type { ServicesStore } from '../../ports/services';
import type { UsersStore } from '../../ports/users';
import { serviceOfRecord } from '../to-service';
import { recomputeCurrentPlan, withdrawPeriods } from './end-service';
import { CancelServiceNotFoundError, NotRefundableError, RefundWindowClosedError } from './errors';
import { STEP } from './steps';
import { refundOf } from './views';
import { bundleDomainUnregistered, partServiceIdOf } from '../../domain/bundle-parts';

export interface CancelServiceDeps {
  services: ServicesStore;
  purchases: Pick<PurchasesStore, 'listPurchases'>;
  users: UsersStore;
  refunds: RefundsStore;
  events: EventPublisher;
  log: LogPort;
  now: () => Date;
}

export interface CancelServiceRequest {
  userId: string;
  serviceId: string;
  reason?: string;
  origin?: Exclude<RefundOrigin, 'razorpay'>;
  /** A domain taken before it could be registered (D23): refunded in full, not refused. */
  unregisteredDomain?: boolean;
}

export async function cancelService(
  deps: CancelServiceDeps,
  request: CancelServiceRequest,
): Promise<CancelServiceResponse> {
  const { userId, serviceId } = request;
  const now = deps.now();
  const service = await deps.services.getService(userId, serviceId);
  if (!service) throw new CancelServiceNotFoundError();

  const records = await deps.refunds.listForUser(userId);
  // A bundle keeps back its domain's registration only once the name was registered (D6, D24).
  const domainPart =
    service.category === 'bundle'
      ? await deps.services.getService(userId, partServiceIdOf(serviceId, 'domain'))
      : undefined;
  const earlier = records.filter((r) => r.kind === 'store' && r.purchase?.serviceId === serviceId);
  const plan = planCancellation({
    category: service.category,
    periods: Object.values(service.periods),
    requested: new Set(earlier.flatMap((r) => (r.purchase ? [r.purchase.purchaseId] : []))),
    refundedOutsidePaise: refundedOutside(records),
    now,
    ...(request.unregisteredDomain ? { unregisteredDomain: true } : {}),
    ...(bundleDomainUnregistered(domainPart) ? { bundleDomainUnregistered: true } : {}),
  });
  if (plan.kind === 'refused') {
    throw plan.reason === 'not_refundable'
      ? new NotRefundableError()
      : new RefundWindowClosedError();
  }

  // 1. The intents, newest payment first; a record made before is the refund as it was asked.
  const purchases = new Map(
    (await deps.purchases.listPurchases(userId)).map((p) => [p.purchaseId, p] as const),
  );
  const intents: RefundRecord[] = [];
  for (const planned of plan.refunds) {
    const made = earlier.find((r) => r.purchase?.purchaseId === planned.purchaseId);
    if (made) {
      intents.push(made);
      continue;
    }
    const purchase = purchases.get(planned.purchaseId);
    if (!purchase) {
      throw new Error(`service ${serviceId} has a period of ${planned.purchaseId} but no purchase`);
    }
    const intent = intentFor(purchase, serviceId, planned, request, now);
    if (await deps.refunds.create(intent)) {
      deps.log.info('Refund recorded before asking Razorpay', {
        serviceId,
        paymentId: intent.paymentId,
        amountPaise: intent.amountPaise,
        deductionPaise: intent.deductionPaise,
      });
      intents.push(intent);
    } else {
      // A racing click recorded it a moment ago: its record is the refund.
      const stored = await deps.refunds.get(userId, intent.refundKey);
      if (!stored) throw new Error(`refund record ${intent.refundKey} vanished`);
      intents.push(stored);
    }
  }

  const withdrawn = await carryOutCancellation(deps, { userId, serviceId }, intents, now, now);

  const after = withdrawn?.service ?? service;
  const refunds = intents.map(refundOf);
  const [latest] = refunds;
  if (!latest) throw new Error('a cancellation with a refund plan made no refund');
  return { service: serviceOfRecord(after, now), refund: latest, refunds };
}

/**
 * Steps 2-4 of a cancellation whose intents are recorded: the service and the buyer's record, then
 * the events. `cancelledAt` is the cancellation's moment (the click); `now` is this run's. Also
 * run by the payments reconciler for an intent whose cancel died before publishing: each step is
 * idempotent, so running it again changes nothing that was done.
 */
export async function carryOutCancellation(
  deps: Omit<CancelServiceDeps, 'now'>,
  ref: { userId: string; serviceId: string },
  intents: readonly RefundRecord[],
  cancelledAt: Date,
  now: Date,
): ReturnType<typeof withdrawPeriods> {
  const { userId, serviceId } = ref;
  // 2-3. The service and the buyer's record.
  const withdrawn = await withdrawPeriods(
    deps,
    ref,
    intents.flatMap((r) => (r.purchase ? [r.purchase.purchaseId] : [])),
    cancelledAt,
  );
  await recomputeCurrentPlan(deps, userId, now);

  // 4. The worker's events: duplicates are harmless (it acts once per step), a lost one is not.
  for (const intent of intents) {
    if (intent.done[STEP.requestPublished]) continue;
    await deps.events.publish('RefundRequested', {
      userId,
      refundKey: intent.refundKey,
      paymentId: intent.paymentId,
      amountPaise: intent.amountPaise,
      origin: intent.origin,
      requestedAt: intent.createdAt,
    });
    await deps.refunds.completeStep(
      userId,
      intent.refundKey,
      STEP.requestPublished,
      now.toISOString(),
    );
  }
  if (withdrawn?.ended) {
    await deps.events.publish('ServiceCancelled', {
      userId,
      serviceId,
      why: 'cancelled',
      at: withdrawn.service.cancelledAt ?? cancelledAt.toISOString(),
    });
  }
  return withdrawn;
}

/** What each payment refunded outside the store (Razorpay's dashboard) already gave back. */
function refundedOutside(records: readonly RefundRecord[]): Map<string, Paise> {
  const paid = new Map<string, Paise>();
  for (const r of records) {
    if (r.kind === 'outside' && r.status !== 'failed') {
      paid.set(r.paymentId, (paid.get(r.paymentId) ?? 0) + r.amountPaise);
    }
  }
  return paid;
}

function intentFor(
  purchase: PurchaseRecord,
  serviceId: string,
  planned: { paidPaise: Paise; refundPaise: Paise; deductionPaise: Paise },
  request: CancelServiceRequest,
  now: Date,
): RefundRecord {
  const at = now.toISOString();
  return {
    userId: purchase.userId,
    refundKey: purchase.paymentId,
    kind: 'store',
    paymentId: purchase.paymentId,
    orderId: purchase.orderId,
    purchase: {
      purchaseId: purchase.purchaseId,
      serviceId,
      planId: purchase.planId,
      planName: purchase.planName,
      category: purchase.category,
      ...(purchase.domain ? { domain: purchase.domain } : {}),
      ...(purchase.freeDomain ? { freeDomain: purchase.freeDomain } : {}),
      email: purchase.email,
      name: purchase.name,
    },
    origin: request.origin ?? 'buyer',
    ...(request.reason ? { reason: request.reason } : {}),
    paidPaise: planned.paidPaise,
    amountPaise: planned.refundPaise,
    deductionPaise: planned.deductionPaise,
    status: 'requested',
    attempt: 1,
    receipt: refundReceipt(purchase.paymentId, 1),
    createdAt: at,
    updatedAt: at,
    done: {},
    claims: {},
  };
}
