import { parseProfileUpdate, type Profile, type ProfileUpdate } from '../domain/profile';
import type { IdentityAttributes, IdentityDirectory } from '../ports/identity';
import type { Caller, UserRecord, UsersStore } from '../ports/users';

export interface ProfileDeps {
  users: UsersStore;
  identity: IdentityDirectory;
  now: () => Date;
}

/** The record went away between reading and writing it: our fault, answered as a 500. */
export class UserRecordMissingError extends Error {
  override readonly name = 'UserRecordMissingError';
  constructor() {
    super('The user record disappeared while its profile was being saved.');
  }
}

function toProfile(user: UserRecord): Profile {
  return {
    email: user.email,
    name: user.name,
    phone: user.phone,
    billing: user.billing ?? null,
  };
}

/** GET /api/me/profile: the caller's profile (the record is made from the token when missing). */
export async function getProfile(deps: ProfileDeps, caller: Caller): Promise<Profile> {
  return toProfile(
    await deps.users.createUserIfMissing({ ...caller, createdAt: deps.now().toISOString() }),
  );
}

/**
 * PUT /api/me/profile (docs/decisions.md D19). A changed name or phone goes to Cognito first (the
 * buyer's next token carries it), then to the users record (the dashboard, checkout's prefill and
 * invoices read it). A record write that fails after Cognito took the change answers 500; since the
 * record still differs, the buyer's retry writes both again and they agree.
 */
export async function updateProfile(
  deps: ProfileDeps,
  caller: Caller,
  input: ProfileUpdate,
): Promise<Profile> {
  const update = parseProfileUpdate(input);
  const user = await deps.users.createUserIfMissing({
    ...caller,
    createdAt: deps.now().toISOString(),
  });

  const changed: IdentityAttributes = {};
  if (update.name !== undefined && update.name !== user.name) changed.name = update.name;
  if (update.phone !== undefined && update.phone !== user.phone) changed.phone = update.phone;
  // Only what changed: Cognito marks a phone number it is given unverified again.
  if (changed.name !== undefined || changed.phone !== undefined) {
    await deps.identity.updateAttributes(caller.userId, changed);
  }

  if (Object.keys(update).length === 0) return toProfile(user);
  const stored = await deps.users.updateProfile(caller.userId, update, deps.now().toISOString());
  if (!stored) throw new UserRecordMissingError();
  return toProfile(stored);
}
