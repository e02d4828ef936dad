import { afterEach, describe, expect, it } from 'vitest';
import { hasStoredSession } from '../../../web/src/lib/stored-session';

afterEach(() => window.localStorage.clear());

describe('hasStoredSession', () => {
  it('is false in a browser that never signed in', () => {
    window.localStorage.setItem('something-else', 'x');
    expect(hasStoredSession()).toBe(false);
  });

  it("is true once Amplify has stored a user's session", () => {
    window.localStorage.setItem(
      'CognitoIdentityServiceProvider.client123.LastAuthUser',
      'user-sub',
    );
    expect(hasStoredSession()).toBe(true);
  });
});
