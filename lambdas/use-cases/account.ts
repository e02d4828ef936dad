/**
 * The account itself (D28): keeping the users record's email in step with a verified change, and
 * deleting the account (DPDP Act 2023).
 *
 * Changing the email is Cognito's own flow (the new address gets a code; the old one stays the
 * sign-in until the code is entered: the pool keeps the original). Once verified, the buyer's next
 * ID token names the new address, and `syncEmail` moves the users record to it (receipts, invoices
 * and reminders are addressed from there) and tells the old address, so that a change its owner did
 * not make is noticed. It only ever moves the record to the email the verified token names.
 *
 * Deleting the account needs a fresh sign-in (5 minutes, like the transfer code), the buyer's
 * email typed to confirm, and every service ended first (a live service is paid time the buyer
 * would lose without a refund). The users record (name, email, phone, billing details) and the
 * Cognito user go; tax invoices, credit notes and payment records stay, as GST law keeps them for 72
 * months (each invoice holds its own copy of the billing details). The record goes first, so that a
 * failure before Cognito's deletion leaves an account that can sign in and ask again.
 */
import { DomainError } from '../domain/errors';
import type { Profile } from '../domain/profile';
import type { IdentityDirectory } from '../ports/identity';
import type { LogPort } from '../ports/logger';
import type { Mailer } from '../ports/mail';
import type { MailLog } from '../ports/mail-log';
import type { ServicesStore } from '../ports/services';
import type { Caller, UserRecord, UsersStore } from '../ports/users';
import { accountDeletedMail, emailChangedMail } from '../templates/mail/account-changes';
import { lifeOfService } from './converge-service';

export interface AccountDeps {
  users: UsersStore;
  identity: IdentityDirectory;
  services: Pick<ServicesStore, 'listServices'>;
  mailer: Mailer;
  /** The customer's mail log goes with the account (D28). */
  mailLog: Pick<MailLog, 'eraseCustomer'>;
  siteUrl: () => string;
  log: LogPort;
  now: () => Date;
}

/** Deleting an account needs a sign-in within this long: the ID token's `auth_time`. */
export const DELETE_FRESH_SIGN_IN_SECONDS = 5 * 60;

export class DeleteReauthRequiredError extends DomainError {
  override readonly name = 'DeleteReauthRequiredError';
  readonly code = 'reauth_required';
  constructor() {
    super('For your security, please sign in again, then delete your account within 5 minutes.');
  }
}

export class DeleteConfirmationError extends DomainError {
  override readonly name = 'DeleteConfirmationError';
  readonly code = 'validation_failed';
  constructor() {
    super('Type the email address of your account to confirm that you want to delete it.');
  }
}

export class ServicesActiveError extends DomainError {
  override readonly name = 'ServicesActiveError';
  readonly code = 'services_active';
  constructor(readonly planNames: readonly string[]) {
    super(
      `End your services before you delete your account: ${planNames.join(', ')}. Cancel each from its card under Services (a payment within 30 days is refunded), or wait until it ends.`,
    );
  }
}

function profileOf(user: UserRecord): Profile {
  return { email: user.email, name: user.name, phone: user.phone, billing: user.billing ?? null };
}

/**
 * POST /api/me/email: moves the record to the verified email the caller's token names, and mails
 * the old address. Nothing changes when they agree (a retry, or no change at all).
 */
export async function syncEmail(deps: AccountDeps, caller: Caller): Promise<Profile> {
  const at = deps.now().toISOString();
  const user = await deps.users.createUserIfMissing({ ...caller, createdAt: at });
  if (user.email === caller.email) return profileOf(user);
  const changed = await deps.users.changeEmail(caller.userId, user.email, caller.email, at);
  // Another request moved it meanwhile: whatever it moved it to is what the record holds now.
  if (!changed) return profileOf((await deps.users.getUser(caller.userId)) ?? user);
  deps.log.info('Sign-in email changed', { userId: caller.userId });
  try {
    await deps.mailer.send({
      to: user.email,
      ...emailChangedMail({
        name: changed.name,
        from: user.email,
        to: caller.email,
        at,
        siteUrl: deps.siteUrl(),
      }),
      about: { userId: caller.userId, kind: 'email-changed' },
    });
  } catch (error) {
    // The change stands; the notice is a courtesy that must not undo it.
    deps.log.warn('The email-changed notice could not be sent', {
      userId: caller.userId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return profileOf(changed);
}

/** Whether a sign-in at `authTime` (epoch seconds) is fresh enough to delete the account now. */
function assertFreshSignIn(authTime: unknown, now: Date): void {
  const at = typeof authTime === 'string' ? Number(authTime) : authTime;
  if (typeof at !== 'number' || !Number.isFinite(at)) throw new DeleteReauthRequiredError();
  const age = now.getTime() / 1000 - at;
  if (age < -60 || age > DELETE_FRESH_SIGN_IN_SECONDS) throw new DeleteReauthRequiredError();
}

/** POST /api/me/account/delete {confirmEmail}. */
export async function deleteAccount(
  deps: AccountDeps,
  caller: Caller,
  input: { confirmEmail: string; authTime: unknown },
): Promise<void> {
  const now = deps.now();
  assertFreshSignIn(input.authTime, now);
  if (input.confirmEmail.trim().toLowerCase() !== caller.email.trim().toLowerCase()) {
    throw new DeleteConfirmationError();
  }
  const live = (await deps.services.listServices(caller.userId)).filter((service) => {
    // A bundle's part (D24) lives its bundle's life: the bundle is the one to judge.
    if (service.partOf) return false;
    const state = lifeOfService(service, now).state;
    return state !== 'ended' && state !== 'removed';
  });
  if (live.length > 0) throw new ServicesActiveError(live.map((s) => s.planName));

  const user = await deps.users.getUser(caller.userId);
  await deps.users.deleteUser(caller.userId);
  await deps.mailLog.eraseCustomer(caller.userId);
  await deps.identity.deleteUser(caller.userId);
  deps.log.info('Account deleted', { userId: caller.userId });
  // Not in a mail log: the account and its personal data are gone (D28), the log with them.
  try {
    await deps.mailer.send({
      to: caller.email,
      ...accountDeletedMail({
        name: user?.name ?? caller.name,
        at: now.toISOString(),
        siteUrl: deps.siteUrl(),
      }),
    });
  } catch (error) {
    deps.log.warn('The account-deleted mail could not be sent', {
      userId: caller.userId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
