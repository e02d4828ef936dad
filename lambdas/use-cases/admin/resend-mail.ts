/**
 * Send a mail from a customer's log again (issue #27): the very mail logged (its subject and
 * body, kept for resendable kinds only: lambdas/domain/mail-log.ts), to the address the account
 * has now, through the mailer, so the resend is logged too (naming the mail it resends).
 * The audit entry, keyed by the console's resend id (one per press), is the once-gate: a double
 * click writes it once and sends once. A send SES refuses is an error the operator sees (and a
 * `failed` line in the log); pressing again (a new id) tries again.
 */
import type { AuditEntry, OperatorRef } from '../../domain/admin';
import { MAIL_KINDS } from '../../domain/mail-log';
import type { AuditLog } from '../../ports/audit';
import type { LogPort } from '../../ports/logger';
import type { Mailer } from '../../ports/mail';
import type { MailLog } from '../../ports/mail-log';
import type { UsersStore } from '../../ports/users';
import { CustomerNotFoundError, MailNotFoundError, MailNotResendableError } from './errors';

export interface ResendMailDeps {
  users: Pick<UsersStore, 'getUser'>;
  mailLog: MailLog;
  mailer: Mailer;
  audit: AuditLog;
  log: LogPort;
  now: () => Date;
}

export async function resendMail(
  deps: ResendMailDeps,
  operator: OperatorRef,
  userId: string,
  request: { mailId: string; resendId: string; note: string },
): Promise<{ resent: boolean; at: string }> {
  const [user, mail] = await Promise.all([
    deps.users.getUser(userId),
    deps.mailLog.getMail(userId, request.mailId),
  ]);
  if (!user) throw new CustomerNotFoundError();
  if (!mail) throw new MailNotFoundError();
  const kind = MAIL_KINDS[mail.kind];
  if (!kind.resend) throw new MailNotResendableError(kind.why);
  // Logged before this resend could keep a body; one without is not sent blank.
  if (!mail.body) throw new MailNotResendableError('its text was not kept.');
  const at = deps.now().toISOString();
  const entry: AuditEntry = {
    entryId: `resend#${request.resendId}`,
    at,
    operator,
    action: 'mail.resent',
    target: { kind: 'mail', id: mail.mailId },
    customerId: userId,
    after: { kind: mail.kind, to: user.email },
    note: request.note,
  };
  if (!(await deps.audit.append(entry))) return { resent: false, at };
  await deps.mailer.send({
    to: user.email,
    subject: mail.subject,
    html: mail.body.html,
    text: mail.body.text,
    about: {
      userId,
      kind: mail.kind,
      ...(mail.ref ? { ref: mail.ref } : {}),
      resendOf: mail.mailId,
    },
  });
  deps.log.info('Mail resent by an operator', { userId, kind: mail.kind });
  return { resent: true, at };
}
