/**
 * Per-buyer limits on the costly signed-in routes (#26): how many times one account may do each
 * in a fixed hour before it is asked to wait. Counted per account (the token's `sub`), never per
 * address or anything the caller names, so one buyer can never spend another's. Each number is
 * far above what a buyer does by hand (docs/decisions.md E25 says why each is what it is).
 */
import type { RateLimit } from './contact';
import { DomainError } from './errors';
import { ATTACHMENT_LIMITS } from './ticket-attachments';
import { TICKET_LIMITS } from './tickets';

const HOUR = 60 * 60;

export const USER_LIMITS = {
  /** POST /api/checkout/orders: a Razorpay order each; a buyer retrying a checkout makes a few. */
  order: { limit: 30, windowSeconds: HOUR },
  /** POST …/storage-keys: a new key each (the earlier one stops working). */
  storageKey: { limit: 10, windowSeconds: HOUR },
  /** POST …/power: start, stop or reboot the VM. */
  vpsPower: { limit: 30, windowSeconds: HOUR },
  /** POST …/reinstall: a fresh VM from its image, minutes of Proxmox work each. */
  vpsReinstall: { limit: 5, windowSeconds: HOUR },
  /** POST /api/me/domains/{domain}/auth-code: the registry's transfer code. */
  domainAuthCode: { limit: 5, windowSeconds: HOUR },
  /** POST …/panel-login: a single-use WHM session each. */
  panelLogin: { limit: 30, windowSeconds: HOUR },
  /** A domain's nameservers, DNS records and settings: a registry call each. */
  dnsChange: { limit: 60, windowSeconds: HOUR },
  /** POST /api/me/email: the record follows a verified email change. */
  emailChange: { limit: 5, windowSeconds: HOUR },
  /** POST /api/me/tickets: a ticket, a number and two mails each (the contact form counts apart). */
  ticket: { limit: 10, windowSeconds: HOUR },
  /** POST /api/me/tickets/{number}/replies, and replies by mail: support is mailed each. */
  ticketReply: TICKET_LIMITS.repliesPerBuyer,
  /** POST /api/me/ticket-attachments: a presigned upload address each. */
  ticketUpload: { limit: ATTACHMENT_LIMITS.uploadsPerHour, windowSeconds: HOUR },
} as const satisfies Record<string, RateLimit>;

export type UserLimitAction = keyof typeof USER_LIMITS;

/** The limiter's key for one account's action: the account's id, nothing the caller chooses. */
export function userLimitKey(action: UserLimitAction, userId: string): string {
  return `user#${action}#${userId}`;
}

/** Whole seconds until the fixed window holding `now` ends: when a refused caller may try again. */
export function retryAfterSeconds(rule: RateLimit, now: Date): number {
  const seconds = Math.floor(now.getTime() / 1000);
  return rule.windowSeconds - (seconds % rule.windowSeconds);
}

function inWords(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** 429 too_many_requests with a Retry-After header: the sentence names when to try again. */
export class UserLimitReachedError extends DomainError {
  override readonly name = 'UserLimitReachedError';
  readonly code = 'too_many_requests';
  constructor(readonly retryAfterSeconds: number) {
    super(
      `You have done this many times in a short while. Please try again in ${inWords(retryAfterSeconds)}.`,
    );
  }
}
