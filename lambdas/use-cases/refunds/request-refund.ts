/**
 * The refunds worker's side of a store refund (docs/decisions.md D16), a consumer of
 * RefundRequested and RefundFailed. It is the only code that asks Razorpay for a store refund:
 *
 *   1. under a claim on the attempt's `gateway` step, Razorpay's refunds of the payment are read
 *      first: one carrying the attempt's receipt was made before (a crash after Razorpay answered,
 *      before it was recorded) and is adopted; only when there is none is a refund created, with
 *      that receipt. Its id is then recorded on the intent, and the step marked done;
 *   2. the buyer is mailed that the refund has started (once; refund-requested);
 *   3. when Razorpay reports an attempt failed, the buyer is told it is being retried (once per
 *      attempt), and a new attempt with its own receipt is made, up to MAX_REFUND_ATTEMPTS; then an
 *      operator takes over (the record goes on their list and an alarm fires).
 * Whatever runs twice or crashes, a payment gets one refund per attempt at Razorpay, and an
 * attempt is made again only after Razorpay said the one before failed.
 */
import type { RefundFailedDetail, RefundRequestedDetail } from '../../domain/api';
import { formatInr } from '../../domain/money';
import { isCancelled, MAX_REFUND_ATTEMPTS, refundReceipt } from '../../domain/refunds';
import { NAME_TAKEN_REASON } from '../../domain/registrant';
import type { LogPort } from '../../ports/logger';
import type { Mailer } from '../../ports/mail';
import type { PaymentGateway } from '../../ports/payment-gateway';
import type { RefundRecord } from '../../ports/refunds';
import type { ServiceRecord, ServicesStore } from '../../ports/services';
import { ALARMED_LOG_MESSAGES } from '../../system/facts';
import { refundFailedRetryingMail } from '../../templates/mail/refund-failed-retrying';
import { refundRequestedMail } from '../../templates/mail/refund-requested';
import { onceStep, STEP, type StepDeps } from './steps';
import { storeRefundId } from './views';

export interface RequestRefundDeps extends StepDeps {
  gateway: PaymentGateway;
  services: Pick<ServicesStore, 'getService'>;
  mailer: Mailer;
  siteUrl: () => string;
  log: LogPort;
}

export type RequestRefundOutcome =
  /** Razorpay has the refund (asked now or before) and the buyer was mailed. */
  | 'requested'
  /** Settled already (processed, or failed and waiting for its retry event): nothing to do. */
  | 'nothing_to_do'
  /** It cannot be made as asked (the payment is refunded or not captured): a person must act. */
  | 'needs_operator';

export async function requestRefund(
  deps: RequestRefundDeps,
  detail: Pick<RefundRequestedDetail, 'userId' | 'refundKey'>,
): Promise<RequestRefundOutcome> {
  const record = await deps.refunds.get(detail.userId, detail.refundKey);
  if (!record || record.kind !== 'store') {
    deps.log.warn('RefundRequested names no store refund; nothing to do', {
      refundKey: detail.refundKey,
    });
    return 'nothing_to_do';
  }
  // Each way out below that leaves nothing for this attempt takes it off the reconciler's list.
  const finished = () =>
    deps.refunds.finishedByWorker(record.userId, record.refundKey, record.attempt);
  if (record.attention) {
    // Handed over (perhaps by an attempt that crashed before telling the buyer).
    await onceStep(deps, record, STEP.failureMail(record.attempt), () => mailFailed(deps, record));
    await finished();
    return 'needs_operator';
  }
  if (record.status === 'processed') {
    await finished();
    return 'nothing_to_do';
  }
  // Failed and waiting for RefundFailed's retry: still on the list, in case that event was lost.
  if (record.status === 'failed') return 'nothing_to_do';

  const asked = { refused: false };
  if (!record.gatewayRefundId) {
    await onceStep(deps, record, STEP.gateway(record.attempt), async () => {
      const refusal = await askRazorpayOnce(deps, record);
      if (refusal) {
        asked.refused = true;
        await handOver(deps, record, refusal);
      }
    });
  }
  if (asked.refused) {
    await onceStep(deps, record, STEP.failureMail(record.attempt), () => mailFailed(deps, record));
    await finished();
    return 'needs_operator';
  }

  // Later attempts follow a failure, which the buyer was told about already.
  if (record.attempt === 1) {
    await onceStep(deps, record, STEP.requestMail, () => mailRequested(deps, record));
  }
  await finished();
  return 'requested';
}

/**
 * Razorpay's refund of this attempt: found by its receipt, else made. Answers why it cannot be
 * made when the payment no longer holds the amount (refunded in Razorpay's dashboard meanwhile,
 * or never captured); nothing is made then.
 */
async function askRazorpayOnce(
  deps: RequestRefundDeps,
  record: RefundRecord,
): Promise<string | undefined> {
  const receipt = record.receipt ?? refundReceipt(record.paymentId, record.attempt);
  const context = { paymentId: record.paymentId, attempt: record.attempt, receipt };
  const earlier = (await deps.gateway.listRefunds(record.paymentId)).find(
    (r) => r.receipt === receipt,
  );
  let refundId = earlier?.id;
  if (earlier) {
    deps.log.info('Refund found at Razorpay by its receipt; not made again', {
      ...context,
      refundId: earlier.id,
    });
  } else {
    const payment = await deps.gateway.fetchPayment(record.paymentId);
    const left = payment.amountPaise - payment.amountRefundedPaise;
    if (payment.status !== 'captured' || left < record.amountPaise) {
      return `Razorpay holds the payment as ${payment.status} with ${formatInr(left)} left to refund; the refund is ${formatInr(record.amountPaise)}`;
    }
    const made = await deps.gateway.createRefund(record.paymentId, {
      amountPaise: record.amountPaise,
      receipt,
      notes: notesOf(record),
    });
    refundId = made.id;
    deps.log.info('Refund requested at Razorpay', {
      ...context,
      refundId: made.id,
      amountPaise: made.amountPaise,
    });
  }
  if (refundId) {
    await deps.refunds.recordGatewayRefund(record.userId, record.refundKey, {
      attempt: record.attempt,
      gatewayRefundId: refundId,
    });
  }
  return undefined;
}

/** Razorpay keeps at most 15 notes of at most 256 characters: what an accountant needs. */
function notesOf(record: RefundRecord): Record<string, string> {
  return {
    origin: record.origin,
    orderId: record.orderId,
    ...(record.purchase?.serviceId ? { serviceId: record.purchase.serviceId } : {}),
    ...(record.purchase ? { plan: record.purchase.planId } : {}),
    ...(record.deductionPaise > 0 ? { keptBackPaise: String(record.deductionPaise) } : {}),
    ...(record.reason ? { reason: record.reason.slice(0, 200) } : {}),
  };
}

/**
 * A refund that cannot be made or keeps failing: settled as failed and put on the operators' list,
 * with an alarm. The buyer is then told (a step of its own, so a crash here still mails them).
 */
async function handOver(deps: RequestRefundDeps, record: RefundRecord, reason: string) {
  const at = deps.now().toISOString();
  await deps.refunds.settle(record.userId, record.refundKey, record.attempt, {
    status: 'failed',
    at,
    reason,
  });
  await deps.refunds.markNeedsAttention(record.userId, record.refundKey, reason, at);
  deps.log.error(ALARMED_LOG_MESSAGES.refundNeedsOperator, {
    paymentId: record.paymentId,
    attempt: record.attempt,
    reason,
  });
}

/**
 * Razorpay reported an attempt failed (RefundFailed): the buyer is told it is being retried, then
 * the next attempt is made; after MAX_REFUND_ATTEMPTS an operator takes over.
 */
export async function retryFailedRefund(
  deps: RequestRefundDeps,
  detail: Pick<RefundFailedDetail, 'userId' | 'refundKey' | 'attempt'>,
): Promise<RequestRefundOutcome> {
  const record = await deps.refunds.get(detail.userId, detail.refundKey);
  if (!record || record.kind !== 'store') return 'nothing_to_do';
  if (record.attempt === detail.attempt && record.status === 'failed') {
    if (detail.attempt >= MAX_REFUND_ATTEMPTS) {
      await handOver(
        deps,
        record,
        record.failureReason ?? 'Razorpay reported every attempt failed',
      );
      await onceStep(deps, record, STEP.failureMail(record.attempt), () =>
        mailFailed(deps, record),
      );
      await deps.refunds.finishedByWorker(record.userId, record.refundKey, record.attempt);
      return 'needs_operator';
    }
    await onceStep(deps, record, STEP.failureMail(detail.attempt), () => mailFailed(deps, record));
    const next = detail.attempt + 1;
    const moved = await deps.refunds.nextAttempt(
      record.userId,
      record.refundKey,
      detail.attempt,
      refundReceipt(record.paymentId, next),
      deps.now().toISOString(),
    );
    if (moved) {
      deps.log.info('Refund tried again after Razorpay reported it failed', {
        paymentId: record.paymentId,
        attempt: next,
      });
    }
  }
  return requestRefund(deps, detail);
}

async function mailRequested(deps: RequestRefundDeps, record: RefundRecord): Promise<void> {
  const purchase = record.purchase;
  if (!purchase) return;
  const fresh = (await deps.refunds.get(record.userId, record.refundKey)) ?? record;
  // A cancelled renewal leaves the service running on an earlier payment: say until when.
  const service = purchase.serviceId
    ? await deps.services.getService(record.userId, purchase.serviceId)
    : undefined;
  const runsUntil =
    service &&
    !isCancelled(service) &&
    new Date(service.renewalDate).getTime() > deps.now().getTime()
      ? service.renewalDate
      : undefined;
  const content = refundRequestedMail({
    name: purchase.name,
    planName: purchase.planName,
    ...(purchase.domain ? { domain: purchase.domain } : {}),
    ...(purchase.freeDomain ? { freeDomain: purchase.freeDomain } : {}),
    refundId: fresh.gatewayRefundId ?? storeRefundId(record.paymentId),
    paymentId: record.paymentId,
    amountPaise: record.amountPaise,
    origin: record.origin,
    requestedAt: record.createdAt,
    ...(record.deductionPaise > 0
      ? {
          paidPaise: record.paidPaise,
          deduction: { label: 'Domain registration', amountPaise: record.deductionPaise },
        }
      : {}),
    ...(runsUntil ? { serviceRunsUntil: runsUntil } : {}),
    ...(service && domainTaken(service) ? { domainTaken: true } : {}),
    siteUrl: deps.siteUrl(),
  });
  await deps.mailer.send({
    to: purchase.email,
    ...content,
    about: { userId: record.userId, kind: 'refund-requested', ref: record.paymentId },
  });
}

async function mailFailed(deps: RequestRefundDeps, record: RefundRecord): Promise<void> {
  const purchase = record.purchase;
  if (!purchase) return;
  const content = refundFailedRetryingMail({
    name: purchase.name,
    planName: purchase.planName,
    ...(purchase.domain ? { domain: purchase.domain } : {}),
    refundId: storeRefundId(record.paymentId),
    paymentId: record.paymentId,
    amountPaise: record.amountPaise,
    siteUrl: deps.siteUrl(),
  });
  await deps.mailer.send({
    to: purchase.email,
    ...content,
    about: { userId: record.userId, kind: 'refund-retrying', ref: record.paymentId },
  });
}

/** A domain whose part failed because someone else registered the name first (D23). */
function domainTaken(service: ServiceRecord): boolean {
  const p = service.provisioning;
  return (
    service.category === 'domain' &&
    service.domain !== undefined &&
    p?.state === 'failed' &&
    p.failureReason === NAME_TAKEN_REASON(service.domain)
  );
}
