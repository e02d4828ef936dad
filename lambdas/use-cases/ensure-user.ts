import type { NewUser, UserRecord, UsersStore } from '../ports/users';

/** Who the token names: the authorizer's claims, never a field of the request. */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  phone: string;
}

/** The caller's record, created from the token's claims when missing (as the spec's checkout does). */
export async function ensureUser(
  users: UsersStore,
  caller: Caller,
  now: () => Date,
): Promise<UserRecord> {
  const existing = await users.getUser(caller.userId);
  if (existing) return existing;
  const user: NewUser = {
    userId: caller.userId,
    email: caller.email,
    name: caller.name,
    phone: caller.phone,
    createdAt: now().toISOString(),
  };
  return users.createUserIfMissing(user);
}

/** The Cognito post-confirmation trigger's record: profile only, never the password (D1). */
export async function recordSignedUpUser(users: UsersStore, user: NewUser): Promise<UserRecord> {
  return users.createUserIfMissing(user);
}
