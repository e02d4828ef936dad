/**
 * After a whole purchase (sign-up with a known password, order, payment, the verify call, the
 * webhooks, the welcome mail) and a contact message: no DynamoDB item, no mail, no file under
 * DATA_DIR and no line the stack printed holds the buyer's password, the Razorpay key secret, the
 * webhook secret, the payment signature or the ID token. Left out: cognito-local's user store and
 * the local stack's copy of it, which are Cognito's own data (cognito-local keeps passwords there
 * as they were given; in AWS, Cognito keeps its users out of our reach).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SECRETS, startLocalStack, type LocalStack } from '../../helpers/local-stack';
import {
  api,
  deliveries,
  eventually,
  mailbox,
  newUser,
  payOrder,
  signIn,
  signUp,
} from '../../helpers/storefront-client';
import { busDrained, dynamo, scanAll } from '../../helpers/faults/fault-stack';
import { localTableName } from '../../../lambdas/system/facts';

let stack: LocalStack;

beforeAll(async () => {
  // DEBUG: whatever the handlers may log, at their most talkative
  stack = await startLocalStack({ env: { LOG_LEVEL: 'DEBUG' } });
});

afterAll(async () => {
  await stack?.dispose();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** JSON with DynamoDB sets and binary values spelled out, so that nothing hides from the search. */
function spelledOut(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v instanceof Set ? [...v] : v instanceof Uint8Array ? Buffer.from(v).toString('utf8') : v,
  );
}

describe('what the storefront keeps and sends after a purchase', () => {
  it('holds no password, Razorpay secret, payment signature or token anywhere', async () => {
    // Arrange: a whole purchase with a known password, and a contact message
    const user = newUser('secrets');
    await signUp(stack, user);
    const idToken = await signIn(stack, user);
    const order = await api<{ orderId: string }>(stack, 'POST', '/api/checkout/orders', {
      token: idToken,
      // Over ₹50,000 of taxable value: the tax invoice names the buyer's address (D15).
      body: {
        planId: 'enterprisehosting',
        months: 36,
        promoCode: 'HOST10',
        billing: {
          name: 'Asha Verma',
          line1: '14, 2nd Cross, Jayanagar 4th Block',
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560011',
        },
      },
    });
    expect(order.status).toBe(201);
    const paid = await payOrder(stack, order.body.orderId, 'success');
    expect(paid.status).toBe(200);
    const verified = await api(stack, 'POST', '/api/checkout/verify', {
      token: idToken,
      body: paid.body,
    });
    expect(verified.status).toBe(200);
    const contact = await api(stack, 'POST', '/api/contact', {
      body: { name: user.name, email: user.email, message: 'Please call me about my new plan.' },
    });
    expect(contact.status).toBe(202);
    await eventually(async () => {
      const list = await deliveries(stack, order.body.orderId);
      return list.length === 3 && list.every((d) => d.status === 'delivered') ? true : undefined;
    }, 'the three webhooks delivered');
    await busDrained(stack);
    await eventually(
      async () =>
        (await mailbox(stack, user.email)).filter((m) =>
          m.subject.endsWith(' is paid — we are setting it up'),
        ).length === 1
          ? true
          : undefined,
      'the welcome mail',
    );

    const secrets: Record<string, string> = {
      "the buyer's password": user.password,
      'the Razorpay key secret': LOCAL_SECRETS.keySecret,
      'the webhook secret': LOCAL_SECRETS.webhookSecret,
      'the payment signature': paid.body.razorpay_signature,
      'the ID token': idToken,
      "the ID token's signature": idToken.split('.')[2] ?? idToken,
    };
    const leaks = (where: string, text: string | Buffer) =>
      Object.entries(secrets)
        .filter(([, secret]) => text.includes(secret))
        .map(([what]) => `${what} in ${where}`);

    // Assert 1: every item of every table (the tables listed by DynamoDB itself, not by us)
    const db = dynamo(stack);
    const { TableNames = [] } = await db.send(new ListTablesCommand({}));
    expect(TableNames).toEqual(
      expect.arrayContaining([
        localTableName('users'),
        localTableName('orders'),
        localTableName('purchases'),
        localTableName('idempotency'),
        localTableName('messages'),
      ]),
    );
    const found: string[] = [];
    const counts: Record<string, number> = {};
    for (const table of TableNames) {
      const items = await scanAll(db, table);
      counts[table] = items.length;
      for (const item of items) found.push(...leaks(`an item of ${table}`, spelledOut(item)));
    }
    db.destroy();
    // the scan saw the purchase's writes
    expect(counts[localTableName('purchases')]).toBeGreaterThanOrEqual(1);
    expect(counts[localTableName('orders')]).toBeGreaterThanOrEqual(1);
    expect(counts[localTableName('messages')]).toBeGreaterThanOrEqual(1);
    expect(counts[localTableName('idempotency')]).toBeGreaterThanOrEqual(2);

    // Assert 2: every mail in the mailbox (the welcome mail and the contact form's)
    const mails = await mailbox(stack);
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const mail of mails) found.push(...leaks(`the mail "${mail.subject}"`, spelledOut(mail)));

    // Assert 3: every file under DATA_DIR but cognito-local's user store and the local stack's
    // copy of it (infra/local/cognito.ts keeps one to restore after a crash): Cognito's own data
    const poolFile = `${stack.config.userPoolId}.json`;
    const cognitoStore = [
      join(stack.dataDir, 'cognito', '.cognito', 'db', poolFile),
      join(stack.dataDir, 'cognito', 'backup', poolFile),
    ];
    const files = filesUnder(stack.dataDir);
    expect(files).toContain(cognitoStore[0]);
    expect(files.some((f) => relative(stack.dataDir, f).startsWith('dynamodb'))).toBe(true);
    expect(files.some((f) => relative(stack.dataDir, f).startsWith('razorpay'))).toBe(true);
    for (const file of files) {
      if (cognitoStore.includes(file)) continue;
      found.push(...leaks(relative(stack.dataDir, file), readFileSync(file)));
    }

    // Assert 4: everything the stack printed
    found.push(...leaks("the stack's output", stack.output()));

    expect(found).toEqual([]);
  });
});
