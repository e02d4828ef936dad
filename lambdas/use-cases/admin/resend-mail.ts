/**
 * Resend a buyer's welcome mail from the console (issue #27): the mail the purchase got, built
 * again from the purchase as stored (the same template as the first send), to the buyer's address.
 * The audit entry, keyed by the console's resend id (one per press), is the once-gate: a double
 * click writes it once and sends once. A send SES refuses is an error the operator sees; pressing
 * again (a new id) tries again.
 */
import type { AuditEntry, OperatorRef } from '../../domain/admin';
import type { AuditLog } from '../../ports/audit';
import type { LogPort } from '../../ports/logger';
import type { Mailer } from '../../ports/mail';
import type { PurchasesStore } from '../../ports/purchases';
import { welcomeMail } from '../../templates/mail/welcome';
import { purchaseCompletedDetail } from '../fulfil-payment';
import { ServicePaymentNotFoundError } from './errors';

export interface ResendMailDeps {
  purchases: Pick<PurchasesStore, 'getPurchase'>;
  mailer: Mailer;
  audit: AuditLog;
  siteUrl: () => string;
  log: LogPort;
  now: () => Date;
}

export async function resendWelcomeMail(
  deps: ResendMailDeps,
  operator: OperatorRef,
  userId: string,
  request: { purchaseId: string; resendId: string; note?: string },
): Promise<{ resent: boolean; at: string }> {
  const purchase = await deps.purchases.getPurchase(userId, request.purchaseId);
  if (!purchase) throw new ServicePaymentNotFoundError();
  const at = deps.now().toISOString();
  const entry: AuditEntry = {
    entryId: `resend#${request.resendId}`,
    at,
    operator,
    action: 'mail.resent',
    target: { kind: 'welcome-mail', id: purchase.purchaseId },
    customerId: userId,
    after: { to: purchase.email },
    note: request.note ?? '',
  };
  if (!(await deps.audit.append(entry))) return { resent: false, at };
  const content = welcomeMail({
    purchase: purchaseCompletedDetail(purchase),
    quote: purchase.quote,
    siteUrl: deps.siteUrl(),
  });
  await deps.mailer.send({ to: purchase.email, ...content });
  deps.log.info('Welcome mail resent by an operator', { purchaseId: purchase.purchaseId });
  return { resent: true, at };
}
