/**
 * The customer's mail log (issue #27): every mail the system sent a buyer, with when, what, to
 * which address and how SES answered. Written in one place, by the mailer that every sender uses
 * (lambdas/use-cases/logged-mailer.ts); each sender only says what the mail is about.
 *
 * Which kinds an operator may send again, and why not the others, is decided here once: a mail is
 * resendable when sending it again is safe (it carries no single-use link, code or key) and still
 * means something (it is a record the buyer keeps, not a moment's status). Only a resendable
 * mail's body is kept in the log (to send the very same mail again); any other is logged by its
 * subject alone, so no secret link or code ever reaches the log.
 */

export const MAIL_KINDS = {
  welcome: { label: 'Payment receipt and welcome', resend: true },
  'service-ready': { label: 'Service ready', resend: true },
  'setup-pending': {
    label: 'Setup taking longer',
    resend: false,
    why: 'It said the service was still being set up; the ready mail or the dashboard says where it stands now.',
  },
  'renewal-reminder': { label: 'Renewal reminder', resend: true },
  'service-expired': { label: 'Service expired', resend: true },
  'service-suspended': { label: 'Service suspended', resend: true },
  'pre-debit-notice': {
    label: 'Auto-renew: debit notice',
    resend: false,
    why: 'It carries a signed one-click link that turns auto-renew off; it is sent before each debit, never again.',
  },
  'debit-failed': { label: 'Auto-renew: debit failed', resend: true },
  'pay-link': { label: 'Auto-renew: above the limit, renew by hand', resend: true },
  'auto-renew-off': { label: 'Auto-renew turned off', resend: true },
  'free-domain-taken': { label: 'Free domain taken: choose another name', resend: true },
  'refund-requested': { label: 'Refund requested', resend: true },
  'refund-completed': { label: 'Refund completed', resend: true },
  'refund-retrying': {
    label: 'Refund being retried',
    resend: false,
    why: "It told of one failed attempt; the refund's later mails say how it ended.",
  },
  'change-paid-twice': { label: 'Plan change paid twice: refunded', resend: true },
  'ticket-acknowledged': { label: 'Ticket received', resend: true },
  'ticket-reply': { label: 'Reply to a ticket', resend: true },
  'ticket-overdue': {
    label: 'Ticket reply late',
    resend: false,
    why: 'It said we had missed a deadline on the ticket; the ticket and our reply say where it stands now.',
  },
  'email-changed': {
    label: 'Sign-in email changed',
    resend: false,
    why: 'A security notice to the address the account had before; sending it again to the new address would tell no one.',
  },
} as const satisfies Record<
  string,
  { label: string; resend: true } | { label: string; resend: false; why: string }
>;

export type MailKind = keyof typeof MAIL_KINDS;

export const MAIL_KIND_NAMES = Object.keys(MAIL_KINDS) as MailKind[];

/** What a mail to a buyer is about: whose log it goes in, its kind, and what it concerns. */
export interface MailAbout {
  userId: string;
  kind: MailKind;
  /** The purchase, service, refund or ticket it concerns, where there is one. */
  ref?: string;
  /** The logged mail this one sends again (an operator's resend). */
  resendOf?: string;
}

/** How SES answered: accepted for delivery, or refused (the sender saw an error). */
export type MailStatus = 'sent' | 'failed';

/** One mail in a customer's log, as the console lists it (never its body). */
export interface MailLogEntry {
  /** Time-ordered within the customer: the ISO time, then a random part. */
  mailId: string;
  userId: string;
  at: string;
  kind: MailKind;
  subject: string;
  to: string;
  status: MailStatus;
  /** SES's refusal, where it refused. */
  error?: string;
  ref?: string;
  resendOf?: string;
}

/** A logged mail with what a resend needs: kept for resendable kinds only. */
export interface StoredMail extends MailLogEntry {
  body?: { html: string; text: string };
}

export function isResendable(kind: MailKind): boolean {
  return MAIL_KINDS[kind].resend;
}

/** The log entry without its body: what leaves the store for the console. */
export function listedMail(mail: StoredMail): MailLogEntry {
  const { body: _body, ...entry } = mail;
  return entry;
}
