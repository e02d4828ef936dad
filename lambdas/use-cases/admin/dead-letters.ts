import {
  parseStuckItemId,
  stuckItemId,
  type AuditEntry,
  type OperatorRef,
  type RedriveResponse,
  type StuckItem,
} from '../../domain/admin';
import type { AuditLog } from '../../ports/audit';
import type { EventPublisher } from '../../ports/events';
import type { WelcomeMailClaims } from '../../ports/idempotency';
import type { LogPort } from '../../ports/logger';
import type { MessagesStore } from '../../ports/messages';
import type { ProvisioningRecords } from '../../ports/provisioning';
import type { PurchasesStore } from '../../ports/purchases';
import type { RefundsStore } from '../../ports/refunds';
import type { ServicesStore } from '../../ports/services';
import { latestPeriod } from '../../domain/service-periods';
import { purchaseCompletedDetail } from '../fulfil-payment';
import { formatInr } from '../../domain/money';
import { NotRedrivableError, StuckItemNotFoundError } from './errors';

export interface DeadLettersDeps {
  claims: WelcomeMailClaims;
  messages: MessagesStore;
  purchases: PurchasesStore;
  services: ServicesStore;
  records: ProvisioningRecords;
  refunds: Pick<RefundsStore, 'listNeedingAttention'>;
  events: EventPublisher;
  audit: AuditLog;
  log: LogPort;
  now: () => Date;
  newId: () => string;
}

/** How many of each kind the console lists at once. */
const PER_KIND = 50;
/**
 * A contact message is mailed to support within seconds of arriving; one still unmailed after
 * this long is stuck (SES refused it until the bus gave up, or the event was lost).
 */
export const SUPPORT_MAIL_STUCK_AFTER_MS = 10 * 60 * 1000;

/**
 * What is stuck, read from the state each consumer leaves in DynamoDB, so the console works the
 * same in AWS and locally, with no dead-letter queue to read: welcome mails whose last attempt
 * failed (the claim keeps the failure), contact messages not mailed to support. Newest first.
 */
export async function listStuck(deps: DeadLettersDeps): Promise<StuckItem[]> {
  const now = deps.now();
  const [failedMails, pendingIds, failedSetups, refunds] = await Promise.all([
    deps.claims.listFailed(PER_KIND),
    deps.messages.listPendingMail(new Date(now.getTime() - SUPPORT_MAIL_STUCK_AFTER_MS), PER_KIND),
    deps.records.listWaiting('failed', PER_KIND),
    deps.refunds.listNeedingAttention(PER_KIND),
  ]);
  const welcome = await Promise.all(
    failedMails.map(async (mail): Promise<StuckItem> => {
      const purchase = await deps.purchases.getPurchase(mail.userId, mail.purchaseId);
      return {
        id: stuckItemId('welcome-mail', mail.purchaseId),
        kind: 'welcome-mail',
        summary: purchase
          ? `Welcome mail for ${purchase.planName} (order ${purchase.orderId})`
          : `Welcome mail for purchase ${mail.purchaseId}`,
        customer: { userId: mail.userId, ...(purchase ? { email: purchase.email } : {}) },
        failedAt: mail.failedAt,
        reason: mail.reason,
        redrivable: true,
      };
    }),
  );
  const support = (
    await Promise.all(pendingIds.map((messageId) => deps.messages.getMessage(messageId)))
  ).flatMap((message): StuckItem[] =>
    message && !message.mailedAt
      ? [
          {
            id: stuckItemId('support-mail', message.messageId),
            kind: 'support-mail',
            summary: `Contact message from ${message.name} not mailed to support`,
            customer: { email: message.email },
            failedAt: message.createdAt,
            reason: 'Not mailed to the support inbox yet.',
            redrivable: true,
          },
        ]
      : [],
  );
  const provisioning = failedSetups.map((service): StuckItem => ({
    id: stuckItemId('provisioning', service.serviceId),
    kind: 'provisioning',
    summary: `Setting up ${service.planName}${service.domain ? ` for ${service.domain}` : ''}`,
    customer: { userId: service.userId },
    failedAt: service.updatedAt,
    reason: service.failureReason ?? 'The panel refused the account.',
    redrivable: true,
  }));
  const refundItems = refunds.map((refund): StuckItem => ({
    id: stuckItemId('refund', `${refund.userId}/${refund.refundKey}`),
    kind: 'refund',
    summary: `Refund of ${formatInr(refund.amountPaise)} on payment ${refund.paymentId}${
      refund.purchase ? ` (${refund.purchase.planName})` : ''
    }`,
    customer: {
      userId: refund.userId,
      ...(refund.purchase ? { email: refund.purchase.email } : {}),
    },
    failedAt: refund.updatedAt,
    reason: `${refund.attentionReason ?? refund.failureReason ?? 'Razorpay did not make it.'} Settle it in Razorpay's dashboard.`,
    redrivable: false,
  }));
  return [...welcome, ...support, ...provisioning, ...refundItems].sort((a, b) =>
    b.failedAt.localeCompare(a.failedAt),
  );
}

/**
 * Sends a stuck item's original event again on the bus; its consumer does the rest. Consumers act
 * once by their claims, so a redrive never mails twice, however often it is clicked: a welcome
 * mail that was sent meanwhile is found sent. Each redrive is audited.
 */
export async function redrive(
  deps: DeadLettersDeps,
  operator: OperatorRef,
  id: string,
  note: string,
): Promise<RedriveResponse> {
  const parsed = parseStuckItemId(id);
  if (!parsed) throw new StuckItemNotFoundError();
  const at = deps.now().toISOString();
  const entryBase = {
    entryId: `${at}#${deps.newId()}`,
    at,
    operator,
    action: 'dead_letter.redriven' as const,
    note,
  };

  if (parsed.kind === 'welcome-mail') {
    const state = await deps.claims.stateOf(parsed.key);
    if (state?.state !== 'failed') throw new StuckItemNotFoundError();
    const purchase = await deps.purchases.getPurchase(state.userId, parsed.key);
    if (!purchase) throw new StuckItemNotFoundError();
    const item: StuckItem = {
      id,
      kind: 'welcome-mail',
      summary: `Welcome mail for ${purchase.planName} (order ${purchase.orderId})`,
      customer: { userId: purchase.userId, email: purchase.email },
      failedAt: state.at,
      reason: state.reason,
      redrivable: true,
    };
    const entry: AuditEntry = {
      ...entryBase,
      target: { kind: 'welcome-mail', id: parsed.key },
      customerId: purchase.userId,
      before: { state: 'failed', failedAt: state.at, reason: state.reason },
      after: { state: 'redriven', event: 'PurchaseCompleted' },
    };
    await deps.audit.append(entry);
    await deps.events.publishPurchaseCompleted(purchaseCompletedDetail(purchase));
    deps.log.info('Welcome mail redriven', { purchaseId: parsed.key, operatorId: operator.userId });
    return { redriven: item, audit: entry };
  }

  if (parsed.kind === 'support-mail') {
    const message = await deps.messages.getMessage(parsed.key);
    if (!message || message.mailedAt) throw new StuckItemNotFoundError();
    const item: StuckItem = {
      id,
      kind: 'support-mail',
      summary: `Contact message from ${message.name} not mailed to support`,
      customer: { email: message.email },
      failedAt: message.createdAt,
      reason: 'Not mailed to the support inbox yet.',
      redrivable: true,
    };
    const entry: AuditEntry = {
      ...entryBase,
      target: { kind: 'support-mail', id: parsed.key },
      before: { state: 'not_mailed' },
      after: { state: 'redriven', event: 'SupportMessageReceived' },
    };
    await deps.audit.append(entry);
    await deps.events.publish('SupportMessageReceived', { messageId: parsed.key });
    deps.log.info('Support mail redriven', { messageId: parsed.key, operatorId: operator.userId });
    return { redriven: item, audit: entry };
  }

  if (parsed.kind === 'provisioning') {
    const failed = (await deps.records.listWaiting('failed', PER_KIND)).find(
      (service) => service.serviceId === parsed.key,
    );
    if (!failed) throw new StuckItemNotFoundError();
    const service = await deps.services.getService(failed.userId, failed.serviceId);
    const period = service && latestPeriod(service);
    const purchase = period && (await deps.purchases.getPurchase(failed.userId, period.purchaseId));
    if (!purchase) throw new StuckItemNotFoundError();
    const item: StuckItem = {
      id,
      kind: 'provisioning',
      summary: `Setting up ${failed.planName}${failed.domain ? ` for ${failed.domain}` : ''}`,
      customer: { userId: failed.userId, email: purchase.email },
      failedAt: failed.updatedAt,
      reason: failed.failureReason ?? 'The panel refused the account.',
      redrivable: true,
    };
    const entry: AuditEntry = {
      ...entryBase,
      action: 'provisioning.retried',
      target: { kind: 'service', id: failed.serviceId },
      customerId: failed.userId,
      before: { state: 'failed', reason: item.reason },
      after: { state: 'pending', event: 'PurchaseCompleted' },
    };
    await deps.audit.append(entry);
    // failed → pending first: the provisioning consumer leaves a failed service alone.
    if (!(await deps.records.retry(failed.userId, failed.serviceId, deps.now()))) {
      throw new StuckItemNotFoundError();
    }
    await deps.events.publishPurchaseCompleted(purchaseCompletedDetail(purchase));
    deps.log.info('Provisioning retried', {
      serviceId: failed.serviceId,
      operatorId: operator.userId,
    });
    return { redriven: item, audit: entry };
  }

  // A refund Razorpay keeps refusing is settled in its dashboard; the refunds worker owns retries.
  if (parsed.kind === 'refund') throw new NotRedrivableError();
  throw new StuckItemNotFoundError();
}
