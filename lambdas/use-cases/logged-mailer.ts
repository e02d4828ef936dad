/**
 * The one place the customers' mail logs are written (issue #27): every Lambda sends through this
 * wrapper around its Mailer, so a mail to a buyer (one that names `about`) is logged with its
 * subject, address, kind and SES's answer, whichever use case sent it. A resendable kind's body is
 * kept to send it again; any other kind's is not (it may carry a single-use link), see
 * lambdas/domain/mail-log.ts.
 *
 * The log follows the send: a mail SES refused is logged `failed` and the sender still sees the
 * error (it retries as before). Writing the log never fails a send that SES accepted: a retry
 * would mail the buyer twice for a line in a log, so a failed write is logged and dropped.
 */
import { randomUUID } from 'node:crypto';
import { isResendable, type StoredMail } from '../domain/mail-log';
import type { LogPort } from '../ports/logger';
import type { Mailer, OutgoingMail } from '../ports/mail';
import type { MailLog } from '../ports/mail-log';

export class LoggedMailer implements Mailer {
  constructor(
    private readonly inner: Mailer,
    private readonly mailLog: MailLog,
    private readonly log: LogPort,
    private readonly now: () => Date = () => new Date(),
    private readonly newId: () => string = randomUUID,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    const { about, ...outgoing } = mail;
    if (!about) return this.inner.send(outgoing);
    let failure: unknown;
    try {
      await this.inner.send(outgoing);
    } catch (error) {
      failure = error;
    }
    const at = this.now().toISOString();
    const entry: StoredMail = {
      mailId: `${at}#${this.newId()}`,
      userId: about.userId,
      at,
      kind: about.kind,
      subject: mail.subject,
      to: mail.to,
      status: failure === undefined ? 'sent' : 'failed',
      ...(failure !== undefined ? { error: messageOf(failure).slice(0, 300) } : {}),
      ...(about.ref ? { ref: about.ref } : {}),
      ...(about.resendOf ? { resendOf: about.resendOf } : {}),
      ...(isResendable(about.kind) ? { body: { html: mail.html, text: mail.text } } : {}),
    };
    try {
      await this.mailLog.record(entry);
    } catch (error) {
      this.log.warn("A mail could not be written to the customer's mail log", {
        userId: about.userId,
        kind: about.kind,
        error: messageOf(error),
      });
    }
    if (failure !== undefined) throw failure;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
