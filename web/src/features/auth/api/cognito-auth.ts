/**
 * Sign-up and sign-in through Amplify (Cognito), USER_PASSWORD_AUTH as the pool's client allows.
 * Sign-up confirms the email with the code Cognito mails (D28) before the account can sign in.
 */
import { confirmSignUp, resendSignUpCode, signIn, signUp } from 'aws-amplify/auth';
import { ensureAmplify } from '../../../lib/amplify';

export interface SignUpInput {
  name: string;
  email: string;
  /** E.164, e.g. +919876543210. */
  phone: string;
  password: string;
}

/**
 * What a password sign-in came to: signed in, an account whose email still waits for its sign-up
 * code, or a second step (the code of an authenticator app, TOTP).
 */
export type SignInOutcome = 'done' | 'confirmSignUp' | 'totp';

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  await ensureAmplify();
  const result = await signIn({
    username: email,
    password,
    options: { authFlowType: 'USER_PASSWORD_AUTH' },
  });
  if (result.isSignedIn) return 'done';
  const step = result.nextStep.signInStep;
  if (step === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
  if (step === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'totp';
  throw Object.assign(new Error(`Sign-in needs another step: ${step}`), {
    name: 'SignInIncomplete',
  });
}

/** Creates the account; Cognito mails the code that confirms it (confirmEmail). */
export async function createAccount(input: SignUpInput): Promise<void> {
  await ensureAmplify();
  await signUp({
    username: input.email,
    password: input.password,
    options: {
      userAttributes: { email: input.email, name: input.name, phone_number: input.phone },
    },
  });
}

/** Confirms the account with the code from the mail. */
export async function confirmEmail(email: string, code: string): Promise<void> {
  await ensureAmplify();
  await confirmSignUp({ username: email, confirmationCode: code });
}

/** Mails a new sign-up code (the old one stops working). */
export async function sendNewCode(email: string): Promise<void> {
  await ensureAmplify();
  await resendSignUpCode({ username: email });
}
