/**
 * An operator's actions on a service (issue #27, CONTRACT `POST /api/admin/services/{id}/actions`):
 * suspend and unsuspend (an operator's hold), extend (goodwill days on the ledger, no charge), end
 * now, remove (service-life.ts), and refund any payment of it in full or in part.
 *
 * Each is a fact recorded on the service in one write conditioned on its version, then converge
 * (D22) drives the providers to what the facts now say. The write is the gate that makes an action
 * happen once: a double click reads the same version, one write wins, and the other reads again,
 * finds the fact there and does nothing more. The audit entry (with the operator's note) is
 * written by the one that won. A refund is recorded as the store's refund intent of the payment
 * (a conditional put keyed by the payment), then the refunds worker asks Razorpay, mails the buyer
 * and issues the credit note for what was refunded, as for a buyer's cancellation.
 */
import { createHash } from 'node:crypto';
import type { AuditEntry, OperatorRef, ServiceLifeView } from '../../domain/admin';
import { istDate } from '../../domain/renewals';
import { formatInr, type Paise } from '../../domain/money';
import { ledgerOf } from '../../domain/ledger';
import { outOfStepAt } from '../../domain/lifecycle';
import { refundReceipt } from '../../domain/refunds';
import type { EventPublisher } from '../../ports/events';
import type { PurchasesStore } from '../../ports/purchases';
import type { RefundRecord, RefundsStore } from '../../ports/refunds';
import {
  ledgerEntriesOf,
  type ServiceFact,
  type ServiceRecord,
  type ServicesStore,
} from '../../ports/services';
import type { UsersStore } from '../../ports/users';
import { convergeService, ConvergeBusyError, lifeOfService } from '../converge-service';
import { carryOutCancellation } from '../refunds/cancel-service';
import { STEP } from '../refunds/steps';
import { FACT_OF } from '../service-facts';
import {
  AdminServiceNotFoundError,
  ServiceActionInputError,
  ServiceActionRefusedError,
  ServiceBusyError,
  ServicePaymentNotFoundError,
} from './errors';
import { actOnService, type ServiceLifeDeps } from './service-life';

export interface ServiceActionsDeps extends Omit<ServiceLifeDeps, 'services'> {
  services: ServicesStore;
  events: EventPublisher;
  purchases: Pick<PurchasesStore, 'listPurchases'>;
  refunds: RefundsStore;
  users: UsersStore;
}

export interface ServiceActionInput {
  action: 'suspend' | 'unsuspend' | 'extend' | 'end' | 'remove' | 'refund';
  note: string;
  userId?: string;
  days?: number;
  paymentId?: string;
  amountPaise?: Paise;
  requestId?: string;
}

/** Rounds of read-and-write, each lost only to another write on the service just then. */
const WRITE_ROUNDS = 8;

/** One action on one service, once; answers the service's life as converge left it. */
export async function serviceAction(
  deps: ServiceActionsDeps,
  operator: OperatorRef,
  serviceId: string,
  input: ServiceActionInput,
): Promise<ServiceLifeView> {
  if (input.action === 'remove') {
    return actOnService(deps, operator, serviceId, {
      action: 'remove',
      note: input.note,
      ...(input.userId ? { userId: input.userId } : {}),
    });
  }
  if (!input.userId) {
    throw new ServiceActionInputError(
      "Give the buyer's id (userId) with the action: open the service from the customer's page.",
    );
  }
  const ref = { userId: input.userId, serviceId };
  if (input.action === 'refund') return refundPayment(deps, operator, ref, input);

  const decided = await recordOnce(deps, ref, (service) => factFor(deps, service, input));
  if (decided) {
    const { service, fact, at } = decided;
    await deps.events.publish('ServiceChanged', { ...ref, fact: FACT_OF[fact.kind], at });
    const entry = auditOf(deps, operator, service, input, at, fact);
    await deps.audit.append(entry);
    await converge(deps, ref, entry.entryId);
  }
  return viewOf(deps, ref);
}

/**
 * Reads the service and writes the fact `decide` asks for, conditioned on the version read, until
 * a write lands or `decide` finds nothing to do (the fact is there already: a double click).
 */
async function recordOnce(
  deps: Pick<ServiceActionsDeps, 'services' | 'now'>,
  ref: { userId: string; serviceId: string },
  decide: (service: ServiceRecord) => ServiceFact | undefined,
): Promise<{ service: ServiceRecord; fact: ServiceFact; at: string } | undefined> {
  for (let round = 1; round <= WRITE_ROUNDS; round += 1) {
    const service = await deps.services.getService(ref.userId, ref.serviceId);
    if (!service) throw new AdminServiceNotFoundError();
    const fact = decide(service);
    if (!fact) return undefined;
    const at = deps.now().toISOString();
    if (await deps.services.changeFacts(ref, fact, service.version, at)) {
      return { service, fact, at };
    }
  }
  throw new ServiceBusyError();
}

/** The fact an action writes on the service as it is now; undefined when it holds already. */
function factFor(
  deps: Pick<ServiceActionsDeps, 'now'>,
  service: ServiceRecord,
  input: ServiceActionInput,
): ServiceFact | undefined {
  const now = deps.now();
  const life = lifeOfService(service, now);
  const over = life.state === 'ended' || life.state === 'removed';
  switch (input.action) {
    case 'suspend':
      if (service.hold) return undefined;
      if (over) throw new ServiceActionRefusedError(refusedOver('suspended', life.state));
      return { kind: 'hold', note: input.note };
    case 'unsuspend':
      if (!service.hold) {
        if (life.state === 'suspended') {
          throw new ServiceActionRefusedError(
            `This service is suspended for another reason (${life.reasons.join(', ')}), not by an operator, so there is no hold to lift.`,
          );
        }
        return undefined;
      }
      return { kind: 'unhold' };
    case 'end':
      if (service.endedAt || over) return undefined;
      return { kind: 'end' };
    case 'extend': {
      const days = input.days;
      if (days === undefined) {
        throw new ServiceActionInputError('Say how many days to extend the service by (days).');
      }
      const key = goodwillKey(input, days);
      if (service.goodwill?.[key]) return undefined;
      if (over || service.cancelledAt) {
        throw new ServiceActionRefusedError(refusedOver('extended', life.state));
      }
      const at = now.toISOString();
      const ledger = ledgerOf(
        ledgerEntriesOf({ ...service, goodwill: { ...service.goodwill, [key]: { days, at } } }),
      );
      if (!ledger.paidUntil) throw new ServiceActionRefusedError(refusedOver('extended', 'ended'));
      return { kind: 'extend', key, days, renewalDate: ledger.paidUntil, note: input.note };
    }
    default:
      throw new ServiceActionInputError(`Unknown action ${input.action}.`);
  }
}

/** One extension per press of the button; without the console's id, per days and note. */
function goodwillKey(input: ServiceActionInput, days: number): string {
  const basis = input.requestId ?? `${days}|${input.note}`;
  return createHash('sha256').update(basis).digest('hex').slice(0, 16);
}

function refusedOver(done: string, state: string): string {
  return `This service has ${state === 'removed' ? 'been removed' : 'ended'}, so it cannot be ${done}. A buyer who wants it back buys it again.`;
}

const AUDIT_ACTION = {
  hold: 'service.suspended',
  unhold: 'service.unsuspended',
  end: 'service.ended',
  extend: 'service.extended',
} as const;

function auditOf(
  deps: Pick<ServiceActionsDeps, 'newId'>,
  operator: OperatorRef,
  service: ServiceRecord,
  input: ServiceActionInput,
  at: string,
  fact: ServiceFact,
): AuditEntry {
  const action =
    fact.kind in AUDIT_ACTION ? AUDIT_ACTION[fact.kind as keyof typeof AUDIT_ACTION] : undefined;
  if (!action) throw new Error(`no audit action for ${fact.kind}`);
  const before: Record<string, unknown> = {
    state: lifeOfService(service, new Date(at)).state,
    renewalDate: service.renewalDate,
    ...(service.hold ? { hold: service.hold.at } : {}),
  };
  const after: Record<string, unknown> =
    fact.kind === 'extend'
      ? { renewalDate: fact.renewalDate, days: fact.days }
      : fact.kind === 'hold'
        ? { hold: at }
        : fact.kind === 'end'
          ? { endedAt: at }
          : { hold: null };
  return {
    entryId: `${at}#${deps.newId()}`,
    at,
    operator,
    action,
    target: { kind: 'service', id: service.serviceId },
    customerId: service.userId,
    before,
    after,
    note: input.note,
  };
}

/**
 * A refund of one of the service's payments, in full or in part, at any time (an operator's, not
 * the 30-day guarantee's). One store refund per payment: a second click finds the intent and
 * answers the same; a different amount for a payment already refunded is refused. A full refund
 * takes the payment's period back from the ledger (D22), as a cancellation would; a part leaves
 * the service's time alone. Razorpay, the buyer's mail and the credit note are the worker's.
 */
async function refundPayment(
  deps: ServiceActionsDeps,
  operator: OperatorRef,
  ref: { userId: string; serviceId: string },
  input: ServiceActionInput,
): Promise<ServiceLifeView> {
  if (!input.paymentId) {
    throw new ServiceActionInputError('Say which payment to refund (paymentId).');
  }
  const service = await deps.services.getService(ref.userId, ref.serviceId);
  if (!service) throw new AdminServiceNotFoundError();
  const purchase = (await deps.purchases.listPurchases(ref.userId)).find(
    (p) => p.paymentId === input.paymentId && p.serviceId === ref.serviceId,
  );
  if (!purchase) throw new ServicePaymentNotFoundError();

  const records = await deps.refunds.listForUser(ref.userId);
  const refundedOutside = records
    .filter(
      (r) => r.paymentId === purchase.paymentId && r.kind === 'outside' && r.status !== 'failed',
    )
    .reduce((sum, r) => sum + r.amountPaise, 0);
  const left = purchase.amountPaise - refundedOutside;
  const amountPaise = input.amountPaise ?? left;
  if (amountPaise < 100 || amountPaise > left) {
    throw new ServiceActionInputError(
      `A refund of this payment is from ₹1.00 to ${formatInr(left)} (what is left of ${formatInr(purchase.amountPaise)} paid).`,
    );
  }
  const full = amountPaise === purchase.amountPaise;
  const now = deps.now();
  const at = now.toISOString();
  const intent: RefundRecord = {
    userId: purchase.userId,
    refundKey: purchase.paymentId,
    kind: 'store',
    paymentId: purchase.paymentId,
    orderId: purchase.orderId,
    purchase: {
      purchaseId: purchase.purchaseId,
      serviceId: ref.serviceId,
      planId: purchase.planId,
      planName: purchase.planName,
      category: purchase.category,
      ...(purchase.domain ? { domain: purchase.domain } : {}),
      email: purchase.email,
      name: purchase.name,
    },
    origin: 'operator',
    reason: input.note,
    paidPaise: purchase.amountPaise,
    amountPaise,
    deductionPaise: 0,
    status: 'requested',
    attempt: 1,
    receipt: refundReceipt(purchase.paymentId, 1),
    createdAt: at,
    updatedAt: at,
    done: {},
    claims: {},
  };

  if (!(await deps.refunds.create(intent))) {
    // A double click, or a payment refunded before: the first press carries it out (and, should
    // it die midway, the payments reconciler publishes what it left: the record awaits the worker).
    const stored = await deps.refunds.get(ref.userId, purchase.paymentId);
    if (!stored) throw new ServiceBusyError();
    if (stored.amountPaise !== amountPaise || stored.origin !== 'operator') {
      throw new ServiceActionRefusedError(
        `This payment has a refund already: ${formatInr(stored.amountPaise)} asked on ${istDate(new Date(stored.createdAt))}. A payment is refunded once by the store; settle anything more in Razorpay's dashboard.`,
      );
    }
    return viewOf(deps, ref);
  }
  await deps.audit.append({
    entryId: `${at}#${deps.newId()}`,
    at,
    operator,
    action: 'service.refunded',
    target: { kind: 'service', id: ref.serviceId },
    customerId: ref.userId,
    before: { paidPaise: purchase.amountPaise, paymentId: purchase.paymentId },
    after: { refundPaise: amountPaise, full },
    note: input.note,
  });

  if (full) {
    // The period is taken back (D22) and RefundRequested published, as for a cancellation.
    await carryOutCancellation(deps, ref, [intent], now, now);
    await converge(deps, ref, `refund:${purchase.paymentId}`);
  } else {
    await deps.events.publish('RefundRequested', {
      userId: ref.userId,
      refundKey: intent.refundKey,
      paymentId: intent.paymentId,
      amountPaise: intent.amountPaise,
      origin: intent.origin,
      requestedAt: intent.createdAt,
    });
    await deps.refunds.completeStep(ref.userId, intent.refundKey, STEP.requestPublished, at);
  }
  return viewOf(deps, ref);
}

async function converge(
  deps: Pick<ServiceActionsDeps, 'converge'>,
  ref: { userId: string; serviceId: string },
  entryId: string,
): Promise<void> {
  try {
    await convergeService(deps.converge, ref, { deliveryId: `operator:${entryId}` });
  } catch (error) {
    // The fact is written: whoever is converging the service now brings it to what it says.
    if (!(error instanceof ConvergeBusyError)) throw error;
  }
}

async function viewOf(
  deps: Pick<ServiceActionsDeps, 'services' | 'now'>,
  ref: { userId: string; serviceId: string },
): Promise<ServiceLifeView> {
  const service = await deps.services.getService(ref.userId, ref.serviceId);
  if (!service) throw new AdminServiceNotFoundError();
  const desired = lifeOfService(service, deps.now()).state;
  const life = service.life;
  return {
    serviceId: ref.serviceId,
    desired,
    actual: life?.actual ?? 'absent',
    ...(outOfStepAt(life?.outOfStepSince, deps.now())
      ? { outOfStepSince: life?.outOfStepSince }
      : {}),
    ...(life?.lastError ? { lastError: life.lastError } : {}),
  };
}
