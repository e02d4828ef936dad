/**
 * Whether this browser holds a Cognito session that Amplify stored (its default token store is
 * localStorage, keys `CognitoIdentityServiceProvider.{clientId}.LastAuthUser` and so on). Without
 * one nobody can be signed in, so the auth state is known without loading Amplify at all.
 */
const PREFIX = 'CognitoIdentityServiceProvider.';
const SUFFIX = '.LastAuthUser';

export function hasStoredSession(): boolean {
  try {
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(PREFIX) && key.endsWith(SUFFIX) && window.localStorage.getItem(key))
        return true;
    }
    return false;
  } catch {
    // Storage blocked (privacy settings): let Amplify decide.
    return true;
  }
}
