/**
 * A refund Razorpay processed (RefundCompleted), the store's or one made in Razorpay's dashboard
 * for a whole payment: its credit note (D15) and the buyer's mail (D16), each exactly once.
 *
 * The credit note is a document of the purchase the payment made: what it credits is written on
 * the purchase once (setCreditNoteRefund), then its number is taken from the credit-note series
 * of the financial year the refund was processed in, by the same exactly-once numbering as tax
 * invoices (issueDocumentNumber), at the instant fixed on the refund record (processedAt). A
 * payment has one credit note: a second refund of it (never one of ours) is left to an operator.
 */
import type { RefundCompletedDetail } from '../../domain/api';
import type { Paise } from '../../domain/money';
import type { DocumentCounters } from '../../ports/document-counters';
import type { LogPort } from '../../ports/logger';
import type { Mailer } from '../../ports/mail';
import type { PurchasesStore } from '../../ports/purchases';
import type { RefundRecord } from '../../ports/refunds';
import { refundCompletedMail } from '../../templates/mail/refund-completed';
import { issueDocumentNumber } from '../issue-document-number';
import { onceStep, STEP, type StepDeps } from './steps';
import { storeRefundId } from './views';

export interface CompleteRefundDeps extends StepDeps {
  purchases: Pick<PurchasesStore, 'getPurchase' | 'setDocumentNumber' | 'setCreditNoteRefund'>;
  counters: DocumentCounters;
  mailer: Mailer;
  siteUrl: () => string;
  log: LogPort;
}

export type CompleteRefundOutcome = 'completed' | 'nothing_to_do';

export async function completeRefund(
  deps: CompleteRefundDeps,
  detail: Pick<RefundCompletedDetail, 'userId' | 'refundKey'>,
): Promise<CompleteRefundOutcome> {
  const record = await deps.refunds.get(detail.userId, detail.refundKey);
  if (!record || record.status !== 'processed' || !record.processedAt || !record.purchase) {
    deps.log.warn('RefundCompleted names no processed refund of a purchase; nothing to do', {
      refundKey: detail.refundKey,
    });
    return 'nothing_to_do';
  }
  const creditNoteNumber = await creditNoteFor(deps, record, record.processedAt);
  await onceStep(deps, record, STEP.completionMail, async () => {
    const purchase = record.purchase;
    if (!purchase) return;
    const content = refundCompletedMail({
      name: purchase.name,
      planName: purchase.planName,
      ...(purchase.domain ? { domain: purchase.domain } : {}),
      refundId:
        record.gatewayRefundId ??
        (record.kind === 'store' ? storeRefundId(record.paymentId) : record.refundKey),
      paymentId: record.paymentId,
      amountPaise: record.amountPaise,
      completedAt: record.processedAt ?? deps.now().toISOString(),
      ...(creditNoteNumber ? { creditNoteNumber } : {}),
      siteUrl: deps.siteUrl(),
    });
    await deps.mailer.send({
      to: purchase.email,
      ...content,
      about: { userId: record.userId, kind: 'refund-completed', ref: record.paymentId },
    });
  });
  return 'completed';
}

/**
 * The purchase's credit note number, issued once; undefined when the purchase has no tax invoice
 * to adjust (bought before invoices were issued) or already credits another refund.
 */
async function creditNoteFor(
  deps: CompleteRefundDeps,
  record: RefundRecord,
  issuedAt: string,
): Promise<string | undefined> {
  const purchaseRef = record.purchase;
  if (!purchaseRef) return undefined;
  const purchase = await deps.purchases.getPurchase(record.userId, purchaseRef.purchaseId);
  if (!purchase?.invoiceNumber) {
    deps.log.warn('Refunded purchase has no tax invoice; no credit note issued', {
      purchaseId: purchaseRef.purchaseId,
    });
    return undefined;
  }
  const refundId = record.gatewayRefundId;
  const credited = await deps.purchases.setCreditNoteRefund(record.userId, purchase.purchaseId, {
    amountPaise: await creditedPaise(deps, record),
    ...(refundId ? { refundId } : {}),
    reason: reasonOf(record),
  });
  if (credited?.refundId !== refundId) {
    deps.log.warn('The purchase credits another refund already; an operator issues this one', {
      purchaseId: purchase.purchaseId,
      refundId,
    });
    return undefined;
  }
  const number = await issueDocumentNumber(
    { counters: deps.counters, purchases: deps.purchases, log: deps.log },
    {
      kind: 'credit_note',
      owner: { userId: record.userId, purchaseId: purchase.purchaseId },
      issuedAt,
    },
  );
  deps.log.info('Credit note issued for a refund', {
    purchaseId: purchase.purchaseId,
    refundId,
    creditNoteNumber: number,
  });
  return number;
}

/**
 * What the credit note credits, tax included (D15): all that was refunded of the payment. For a
 * payment refunded in full in Razorpay's dashboard (perhaps in parts), the whole payment. For the
 * store's refund, its amount and every processed partial refund made earlier in Razorpay's
 * dashboard (which gets no credit note of its own: a person decides on it): the payment has one
 * credit note, so it must say everything the buyer got back. Never more than the payment.
 */
async function creditedPaise(deps: CompleteRefundDeps, record: RefundRecord): Promise<Paise> {
  if (record.kind === 'outside') return record.full ? record.paidPaise : record.amountPaise;
  if (record.kind !== 'store') return record.amountPaise;
  const outside = (await deps.refunds.listForUser(record.userId)).filter(
    (other) =>
      other.kind === 'outside' &&
      other.paymentId === record.paymentId &&
      other.status === 'processed' &&
      !other.full,
  );
  const total = outside.reduce((sum, other) => sum + other.amountPaise, record.amountPaise);
  return Math.min(total, record.paidPaise) as Paise;
}

function reasonOf(record: RefundRecord): string {
  if (record.kind === 'outside') return 'Refund made through Razorpay';
  const kept = record.deductionPaise > 0 ? ' (less the domain registration)' : '';
  return record.origin === 'operator'
    ? `Refunded by the store${kept}`
    : `Cancelled within the 30-day money-back guarantee${kept}`;
}
