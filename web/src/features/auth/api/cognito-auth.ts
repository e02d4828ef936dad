/** Sign-up and sign-in through Amplify (Cognito), USER_PASSWORD_AUTH as the pool's client allows. */
import { signIn, signUp } from 'aws-amplify/auth';
import { ensureAmplify } from '../../../lib/amplify';

export interface SignUpInput {
  name: string;
  email: string;
  /** E.164, e.g. +919876543210. */
  phone: string;
  password: string;
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  await ensureAmplify();
  const result = await signIn({
    username: email,
    password,
    options: { authFlowType: 'USER_PASSWORD_AUTH' },
  });
  if (!result.isSignedIn) {
    throw Object.assign(new Error(`Sign-in needs another step: ${result.nextStep.signInStep}`), {
      name: 'SignInIncomplete',
    });
  }
}

/** Creates the account, then signs in at once (a PreSignUp trigger confirms new accounts). */
export async function signUpAndSignIn(input: SignUpInput): Promise<void> {
  await ensureAmplify();
  await signUp({
    username: input.email,
    password: input.password,
    options: {
      userAttributes: { email: input.email, name: input.name, phone_number: input.phone },
    },
  });
  await signInWithPassword(input.email, input.password);
}
