/**
 * The signed-in user as Amplify (Cognito) reports it. Imported dynamically only, so that Amplify
 * stays off the critical path of public pages.
 */
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { ensureAmplify } from './amplify';

export interface SessionUser {
  id: string;
  email: string;
  name?: string;
  /** The Cognito groups the ID token names (`cognito:groups`): `operators` opens /admin. */
  groups: string[];
}

/** The current user from the ID token's claims, or null when nobody is signed in. */
export async function readCurrentUser(): Promise<SessionUser | null> {
  await ensureAmplify();
  try {
    const session = await fetchAuthSession();
    const claims = session.tokens?.idToken?.payload;
    if (!claims || typeof claims.sub !== 'string') return null;
    const groups = claims['cognito:groups'];
    return {
      id: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : '',
      groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
      ...(typeof claims.name === 'string' && claims.name ? { name: claims.name } : {}),
    };
  } catch {
    return null;
  }
}

export async function endSession(): Promise<void> {
  await ensureAmplify();
  try {
    await signOut();
  } catch {
    // cognito-local cannot revoke tokens; Amplify has already cleared the local session.
  }
}

/** The signed-in user's ID token for the API's Authorization header, or null. */
export async function currentIdToken(): Promise<string | null> {
  await ensureAmplify();
  const session = await fetchAuthSession();
  return session.tokens?.idToken?.toString() ?? null;
}
