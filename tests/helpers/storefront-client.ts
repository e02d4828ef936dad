/**
 * What a client of the running local stack does, from the outside: sign up and sign in through
 * cognito-local (USER_PASSWORD_AUTH, as the web does), call the API, pay through the Razorpay
 * simulator, sign a webhook as Razorpay would, and read the mailbox.
 */
import { randomUUID } from 'node:crypto';
import type { LocalStack } from './local-stack';
import { LOCAL_SECRETS } from './local-stack';
import {
  PASSWORD_RESET_CODE_SUBJECT,
  SIGN_UP_CODE_SUBJECT,
} from '../../lambdas/templates/mail/account-code';
import { signWebhookBody } from './razorpay-signing';

export interface TestUser {
  email: string;
  password: string;
  name: string;
  phone: string;
  /** Set once TOTP is on for the account (tests/helpers/totp.ts): signIn answers its code. */
  totpSecret?: string;
}

export function newUser(prefix = 'buyer'): TestUser {
  return {
    email: `${prefix}-${randomUUID().slice(0, 8)}@example.in`,
    password: `pw-${randomUUID()}`,
    name: 'Asha Verma',
    phone: '+919812345678',
  };
}

export async function cognito(
  stack: LocalStack,
  operation: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const res = await fetch(stack.cognitoUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok)
    throw new Error(
      `Cognito ${operation} failed (${res.status}): ${String(json.__type ?? '')} ${String(json.message ?? '')}`,
    );
  return json;
}

/**
 * Signs up as the web does, then confirms the email with the code Cognito mailed (D28): read from
 * the local mailbox, as a buyer would read it. Every test user starts confirmed this way.
 */
export async function signUp(
  stack: LocalStack,
  user: TestUser,
): Promise<{ userSub: string; confirmed: boolean }> {
  const { userSub } = await signUpUnconfirmed(stack, user);
  await cognito(stack, 'ConfirmSignUp', {
    ClientId: stack.config.userPoolClientId,
    Username: user.email,
    ConfirmationCode: await accountCode(stack, user.email, SIGN_UP_CODE_SUBJECT),
  });
  return { userSub, confirmed: true };
}

/** Cognito's SignUp alone: the account waits for the code in the mailbox. */
export async function signUpUnconfirmed(
  stack: LocalStack,
  user: TestUser,
): Promise<{ userSub: string; confirmed: boolean }> {
  const answer = await cognito(stack, 'SignUp', {
    ClientId: stack.config.userPoolClientId,
    Username: user.email,
    Password: user.password,
    UserAttributes: [
      { Name: 'email', Value: user.email },
      { Name: 'name', Value: user.name },
      { Name: 'phone_number', Value: user.phone },
    ],
  });
  return { userSub: String(answer.UserSub), confirmed: answer.UserConfirmed === true };
}

/** The subjects of the mails that carry Cognito's codes. */
export { PASSWORD_RESET_CODE_SUBJECT, SIGN_UP_CODE_SUBJECT };

/** Whether a mail is one of Cognito's code mails (tests that count the store's own mails skip them). */
export function isCodeMail(mail: Pick<MailboxEmail, 'subject'>): boolean {
  return mail.subject === SIGN_UP_CODE_SUBJECT || mail.subject === PASSWORD_RESET_CODE_SUBJECT;
}

/** The six-digit code of the latest mail with `subject` to `email`; `after` skips older codes. */
export async function accountCode(
  stack: LocalStack,
  email: string,
  subject: string,
  after: readonly string[] = [],
): Promise<string> {
  return eventually(async () => {
    const mails = (await mailbox(stack, email)).filter(
      (mail) => mail.subject === subject && !after.includes(mail.messageId),
    );
    const latest = mails[mails.length - 1];
    return latest ? codeIn(latest) : undefined;
  }, `a mail "${subject}" with a code to ${email}`);
}

/** The six-digit code in a code mail's text. */
export function codeIn(mail: Pick<MailboxEmail, 'body'>): string | undefined {
  return /\b(\d{6})\b/.exec(mail.body.text ?? '')?.[1];
}

/**
 * USER_PASSWORD_AUTH; returns the ID token, which the API's authorizer takes. An account with TOTP
 * on (D28) is asked for the code next: a user with `totpSecret` answers it as an authenticator app.
 */
export async function signIn(
  stack: LocalStack,
  user: Pick<TestUser, 'email' | 'password'> & { totpSecret?: string },
): Promise<string> {
  let answer = await cognito(stack, 'InitiateAuth', {
    ClientId: stack.config.userPoolClientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    if (!user.totpSecret) throw new Error(`Sign-in asks ${user.email} for a TOTP code.`);
    const { totpCode } = await import('./totp');
    const parameters = answer.ChallengeParameters as { USER_ID_FOR_SRP?: string } | undefined;
    answer = await cognito(stack, 'RespondToAuthChallenge', {
      ClientId: stack.config.userPoolClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: answer.Session,
      ChallengeResponses: {
        USERNAME: parameters?.USER_ID_FOR_SRP ?? user.email,
        SOFTWARE_TOKEN_MFA_CODE: totpCode(user.totpSecret),
      },
    });
  }
  const result = answer.AuthenticationResult as { IdToken?: string } | undefined;
  if (!result?.IdToken) throw new Error('Sign-in returned no ID token.');
  return result.IdToken;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export async function api<T = Record<string, unknown>>(
  stack: LocalStack,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: {
    token?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${stack.baseUrl}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}

/**
 * The buyer's phone and billing details (PUT /api/me/profile) as a buyer in Bengaluru saves them:
 * what an invoice over ₹50,000 names and what the registrar gets as the registrant contact.
 * Anything but 200 OK fails the test with the answer.
 */
export async function givenProfile(stack: LocalStack, token: string): Promise<void> {
  const profile = await api(stack, 'PUT', '/api/me/profile', {
    token,
    body: {
      phone: '9876543210',
      billing: {
        name: 'Asha Verma',
        line1: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      },
    },
  });
  if (profile.status !== 200) {
    throw new Error(
      `PUT /api/me/profile answered ${profile.status}: ${JSON.stringify(profile.body)}`,
    );
  }
}

/** The answer to POST /api/checkout/orders: the order and what Razorpay is to be paid. */
export interface OrderCreated {
  orderId: string;
  amountPaise: number;
}

/** Places an order as the browser does; anything but 201 Created fails the test with the answer. */
export async function placeOrder(
  stack: LocalStack,
  token: string,
  body: Record<string, unknown>,
): Promise<ApiAnswer<OrderCreated>> {
  const order = await api<OrderCreated>(stack, 'POST', '/api/checkout/orders', { token, body });
  if (order.status !== 201) {
    throw new Error(
      `POST /api/checkout/orders answered ${order.status}: ${JSON.stringify(order.body)}`,
    );
  }
  return order;
}

export interface RazorpayCheckoutResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** What the payment sheet's Pay or Fail button does. */
export async function payOrder(
  stack: LocalStack,
  orderId: string,
  outcome: 'success' | 'failure' = 'success',
) {
  const res = await fetch(`${stack.simulatorUrl}/_simulator/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: orderId, outcome }),
  });
  return {
    status: res.status,
    body: (await res.json()) as RazorpayCheckoutResult & { error?: Record<string, unknown> },
  };
}

export interface Delivery {
  id: string;
  eventId: string;
  event: string;
  orderId: string;
  paymentId: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: { at: string; statusCode: number | null; error?: string }[];
}

export async function deliveries(stack: LocalStack, orderId?: string): Promise<Delivery[]> {
  const res = await fetch(`${stack.simulatorUrl}/_simulator/deliveries`);
  const all = ((await res.json()) as { deliveries: Delivery[] }).deliveries;
  return orderId ? all.filter((d) => d.orderId === orderId) : all;
}

export async function redeliver(stack: LocalStack, deliveryId: string): Promise<void> {
  const res = await fetch(`${stack.simulatorUrl}/_simulator/deliveries/${deliveryId}/redeliver`, {
    method: 'POST',
  });
  if (res.status !== 202) throw new Error(`redeliver answered ${res.status}`);
}

/** Razorpay's Orders API, as the server uses it (Basic auth with the key id and secret). */
export async function razorpayGet(
  stack: LocalStack,
  path: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const auth = Buffer.from(`${LOCAL_SECRETS.keyId}:${LOCAL_SECRETS.keySecret}`).toString('base64');
  const res = await fetch(`${stack.simulatorUrl}${path}`, {
    headers: { authorization: `Basic ${auth}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export function webhookSignature(
  rawBody: string,
  secret: string = LOCAL_SECRETS.webhookSecret,
): string {
  return signWebhookBody(rawBody, secret);
}

/** Posts a webhook to the storefront the way Razorpay does. */
export async function postWebhook(
  stack: LocalStack,
  rawBody: string,
  signature: string,
  eventId = randomUUID().replace(/-/g, '').slice(0, 14),
) {
  return api(stack, 'POST', '/api/webhooks/razorpay', {
    rawBody,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': eventId,
    },
  });
}

export interface MailboxEmail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
  /** As the stand-in's mailparser read them from a SendRawEmail message; content in base64. */
  attachments?: { filename?: string; contentType: string; content: string; size: number }[];
  at: number;
}

export async function mailbox(stack: LocalStack, to?: string): Promise<MailboxEmail[]> {
  const res = await fetch(`${stack.mailboxUrl}/store`);
  const { emails } = (await res.json()) as { emails: MailboxEmail[] };
  return to ? emails.filter((e) => e.destination.to.includes(to)) : emails;
}

/** Polls until `check` returns a value that is not undefined, or fails with the last problem. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let problem: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      problem = error;
    }
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}${problem ? `: ${String(problem)}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
