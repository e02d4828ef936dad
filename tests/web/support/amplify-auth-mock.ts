/**
 * A stand-in for `aws-amplify/auth` (the Cognito calls only; the API calls still go over HTTP to
 * MSW). Use in a test file with:
 *   vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));
 */
import { vi } from 'vitest';

export interface FakeUser {
  sub: string;
  email: string;
  name?: string;
  /** The ID token's groups; `['operators']` opens /admin. */
  'cognito:groups'?: string[];
}

export const TEST_ID_TOKEN = 'test-id-token';

let currentUser: FakeUser | null = null;
let sessionGate: Promise<void> | null = null;

/** Who fetchAuthSession reports as signed in. */
export function setSignedInUser(user: FakeUser | null): void {
  currentUser = user;
  storeSession(user);
}

/** What Amplify keeps in localStorage for a signed-in user (the app looks for it before loading Amplify). */
function storeSession(user: FakeUser | null): void {
  const key = 'CognitoIdentityServiceProvider.test-client.LastAuthUser';
  if (user) window.localStorage.setItem(key, user.sub);
  else window.localStorage.removeItem(key);
}

/**
 * A stored session that Amplify is still checking: every fetchAuthSession waits until the returned
 * function is called (the auth state stays loading), then reports `currentUser`.
 */
export function holdSession(): () => void {
  window.localStorage.setItem('CognitoIdentityServiceProvider.test-client.LastAuthUser', 'pending');
  let release = () => {};
  sessionGate = new Promise<void>((resolve) => {
    release = () => {
      sessionGate = null;
      resolve();
    };
  });
  return release;
}

export const fetchAuthSession = vi.fn(async () => {
  if (sessionGate) await sessionGate;
  if (!currentUser) return { tokens: undefined };
  const payload = { ...currentUser };
  return {
    tokens: {
      idToken: { toString: () => TEST_ID_TOKEN, payload },
      accessToken: { toString: () => 'test-access-token', payload: { sub: currentUser.sub } },
    },
  };
});

export const signIn = vi.fn(
  async (_input: { username: string; password: string; options?: unknown }) => ({
    isSignedIn: true,
    nextStep: { signInStep: 'DONE' },
  }),
);

/** Sign-up waits for the mailed code (D28), as the pool does. */
export const signUp = vi.fn(async (_input: unknown) => ({
  isSignUpComplete: false,
  nextStep: { signUpStep: 'CONFIRM_SIGN_UP' },
}));

export const confirmSignUp = vi.fn(
  async (_input: { username: string; confirmationCode: string }) => ({
    isSignUpComplete: true,
    nextStep: { signUpStep: 'DONE' },
  }),
);

export const resendSignUpCode = vi.fn(async (_input: { username: string }) => ({
  destination: 'a***@e***',
  deliveryMedium: 'EMAIL',
}));

/** The second step of a sign-in (the TOTP code). */
export const confirmSignIn = vi.fn(async (_input: { challengeResponse: string }) => ({
  isSignedIn: true,
  nextStep: { signInStep: 'DONE' },
}));

/** TOTP set-up (Settings, and the operators' console). */
export const setUpTOTP = vi.fn(async () => ({
  sharedSecret: 'JBSWY3DPEHPK3PXP',
  getSetupUri: (appName: string, accountName?: string) =>
    new URL(
      `otpauth://totp/${encodeURIComponent(appName)}:${encodeURIComponent(accountName ?? 'user')}?secret=JBSWY3DPEHPK3PXP&issuer=${encodeURIComponent(appName)}`,
    ),
}));

export const verifyTOTPSetup = vi.fn(async (_input: { code: string }) => {});

export const updateMFAPreference = vi.fn(async (_input: unknown) => {});

/**
 * The account's MFA settings: by default TOTP is on for an operator (the console needs it, D28)
 * and off for a buyer; a test that needs otherwise says so.
 */
const defaultMfaPreference = async (): Promise<{ enabled?: string[]; preferred?: string }> =>
  currentUser?.['cognito:groups']?.includes('operators')
    ? { enabled: ['TOTP'], preferred: 'TOTP' }
    : {};

export const fetchMFAPreference = vi.fn(defaultMfaPreference);

export const signOut = vi.fn(async () => {
  currentUser = null;
  storeSession(null);
});

/** Forgot password and change password (docs/decisions.md D19): they succeed unless a test says otherwise. */
export const resetPassword = vi.fn(async (_input: { username: string }) => ({
  isPasswordReset: false,
  nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE' },
}));

export const confirmResetPassword = vi.fn(
  async (_input: { username: string; confirmationCode: string; newPassword: string }) => {},
);

export const updatePassword = vi.fn(
  async (_input: { oldPassword: string; newPassword: string }) => {},
);

export const updateUserAttributes = vi.fn(async (_input: unknown) => ({}));
export const confirmUserAttribute = vi.fn(
  async (_input: { userAttributeKey: string; confirmationCode: string }) => {},
);
export const sendUserAttributeVerificationCode = vi.fn(async (_input: unknown) => ({}));

/** Back to nobody signed in and the default implementations. */
export function resetAuthMock(): void {
  currentUser = null;
  storeSession(null);
  sessionGate = null;
  fetchAuthSession.mockClear();
  signIn.mockReset();
  signIn.mockImplementation(async () => ({ isSignedIn: true, nextStep: { signInStep: 'DONE' } }));
  signUp.mockReset();
  signUp.mockImplementation(async () => ({
    isSignUpComplete: false,
    nextStep: { signUpStep: 'CONFIRM_SIGN_UP' },
  }));
  confirmSignUp.mockReset();
  confirmSignUp.mockImplementation(async () => ({
    isSignUpComplete: true,
    nextStep: { signUpStep: 'DONE' },
  }));
  resendSignUpCode.mockReset();
  resendSignUpCode.mockImplementation(async () => ({
    destination: 'a***@e***',
    deliveryMedium: 'EMAIL',
  }));
  confirmSignIn.mockReset();
  confirmSignIn.mockImplementation(async () => ({
    isSignedIn: true,
    nextStep: { signInStep: 'DONE' },
  }));
  setUpTOTP.mockClear();
  verifyTOTPSetup.mockReset();
  verifyTOTPSetup.mockImplementation(async () => {});
  updateMFAPreference.mockReset();
  updateMFAPreference.mockImplementation(async () => {});
  fetchMFAPreference.mockReset();
  fetchMFAPreference.mockImplementation(defaultMfaPreference);
  signOut.mockClear();
  resetPassword.mockReset();
  resetPassword.mockImplementation(async () => ({
    isPasswordReset: false,
    nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE' },
  }));
  confirmResetPassword.mockReset();
  confirmResetPassword.mockImplementation(async () => {});
  updatePassword.mockReset();
  updatePassword.mockImplementation(async () => {});
  updateUserAttributes.mockReset();
  updateUserAttributes.mockImplementation(async () => ({}));
  confirmUserAttribute.mockReset();
  confirmUserAttribute.mockImplementation(async () => {});
  sendUserAttributeVerificationCode.mockReset();
  sendUserAttributeVerificationCode.mockImplementation(async () => ({}));
}

/** An error shaped like Amplify's AuthError for a Cognito exception. */
export function cognitoError(name: string, message = name): Error {
  return Object.assign(new Error(message), { name });
}
