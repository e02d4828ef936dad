import type { MailLogEntry, StoredMail } from '../domain/mail-log';

export type { MailLogEntry, StoredMail };

/**
 * The customers' mail logs (issue #27): one entry per mail sent to a buyer, written once and
 * never changed. Only the mailer writes it (lambdas/use-cases/logged-mailer.ts).
 */
export interface MailLog {
  record(mail: StoredMail): Promise<void>;
  /** A customer's mails, newest first, without their bodies. */
  listForCustomer(userId: string): Promise<MailLogEntry[]>;
  /** One mail with its body (where its kind keeps one), for a resend. */
  getMail(userId: string, mailId: string): Promise<StoredMail | undefined>;
  /** Deletes a customer's whole log: their account is deleted (D28), its personal data with it. */
  eraseCustomer(userId: string): Promise<void>;
}
