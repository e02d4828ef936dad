/**
 * The abuse limits, locally as in AWS: each route has its own throttle (a flood of contact or
 * quote requests never throttles another route), and the contact form refuses an address over its
 * limit with a readable 429 while keeping every message it accepted; a buyer past their own hour
 * of a costly route gets 429 with Retry-After, and other buyers do not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '../../lambdas/system/facts';
import { THROTTLES } from '../../infra/lib/definitions/functions';
import { DynamoRateLimiter } from '../../lambdas/adapters/dynamodb/rate-limits-table';
import { CONTACT_LIMITS } from '../../lambdas/domain/contact';
import { USER_LIMITS, userLimitKey } from '../../lambdas/domain/user-limits';
import { startLocalStack, type LocalStack } from '../helpers/local-stack';
import { api, newUser, signIn, signUp } from '../helpers/storefront-client';
import { dynamo, scanAll } from '../helpers/faults/fault-stack';

let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('abuse limits on the local stack', () => {
  it('throttles a flood of quotes to 429 while the catalog and verify still answer', async () => {
    const quote = { planId: 'basichosting', months: 12 };
    const flood = await Promise.all(
      Array.from({ length: THROTTLES.publicCompute.burstLimit + 15 }, () =>
        api(stack, 'POST', '/api/checkout/quote', { body: quote }),
      ),
    );

    const statuses = flood.map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(flood.find((r) => r.status === 429)?.body).toEqual({ message: 'Too Many Requests' });
    // Other routes keep their own buckets: the catalog answers, and verify reaches its handler
    // (401 without a token is its own answer, not the throttle's 429).
    expect((await api(stack, 'GET', '/api/plans')).status).toBe(200);
    expect((await api(stack, 'POST', '/api/checkout/verify', { body: {} })).status).toBe(401);
  });

  it('refuses a fourth message from one address within the hour, keeping the three it accepted', async () => {
    const email = `flood-${Date.now()}@example.in`;
    const send = (i: number) =>
      api(stack, 'POST', '/api/contact', {
        body: { name: 'Asha Verma', email, message: `Message ${i}` },
      });
    const accepted = [];
    for (let i = 0; i < 3; i += 1) accepted.push((await send(i)).status);

    const refused = await send(3);

    expect(accepted).toEqual([202, 202, 202]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: { code: 'too_many_requests', message: expect.stringMatching(/^You have sent/) },
    });
    const db = dynamo(stack);
    const stored = (await scanAll(db, localTableName('messages'))).filter((m) => m.email === email);
    db.destroy();
    expect(stored.map((m) => m.message).sort()).toEqual(['Message 0', 'Message 1', 'Message 2']);
  });

  it("an anonymous flood of a signed-in route ends at the edge and leaves the buyers' capacity alone", async () => {
    const user = newUser('starved');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    const anonymous = await Promise.all(
      Array.from({ length: THROTTLES.buyer.burstLimit * 3 }, () =>
        api(stack, 'GET', '/api/me/dashboard', {
          headers: { authorization: 'Bearer not-a-token' },
        }),
      ),
    );

    const buyer = [];
    for (let i = 0; i < 10; i += 1) {
      buyer.push((await api(stack, 'GET', '/api/me/dashboard', { token })).status);
    }

    expect(new Set(anonymous.map((r) => r.status))).toEqual(new Set([401]));
    expect(anonymous[0]?.body).toEqual({ message: 'Unauthorized' });
    expect(buyer).toEqual(Array.from({ length: 10 }, () => 200));
  });

  it("counts the contact form's senders by the viewer's address the edge passes on, not a header they send", async () => {
    // Six senders' worth of messages from one client posing as six addresses, each with another
    // email: were the header believed, each would get a fresh hourly allowance and all pass.
    const send = (i: number) =>
      api(stack, 'POST', '/api/contact', {
        headers: { 'x-viewer-address': `198.51.100.${i}` },
        body: {
          name: 'Asha Verma',
          email: `spoof-${i}-${Date.now()}@example.in`,
          message: `Hi ${i}`,
        },
      });
    const statuses = [];
    for (let i = 0; i < CONTACT_LIMITS.perSender.limit + 1; i += 1)
      statuses.push((await send(i)).status);

    expect(statuses).toContain(429);
    expect(statuses.slice(statuses.indexOf(429)).every((s) => s === 429)).toBe(true);
  });

  it("answers 429 with Retry-After once a buyer's own hour is used up, and serves another buyer", async () => {
    const asha = newUser('limited');
    const ravi = newUser('unlimited');
    await signUp(stack, asha);
    await signUp(stack, ravi);
    const ashaToken = await signIn(stack, asha);
    const raviToken = await signIn(stack, ravi);
    const sub = (
      JSON.parse(Buffer.from(ashaToken.split('.')[1] ?? '', 'base64url').toString()) as {
        sub: string;
      }
    ).sub;
    // Asha's email changes used up, through the stack's own table and adapter, for this hour and
    // the next (the stack's clock is the real one: the call may land in either).
    const db = dynamo(stack);
    const limiter = new DynamoRateLimiter(db, () => localTableName('limits'));
    const rule = USER_LIMITS.emailChange;
    for (const at of [new Date(), new Date(Date.now() + rule.windowSeconds * 1000)]) {
      for (let i = 0; i < rule.limit; i += 1) {
        await limiter.consume(userLimitKey('emailChange', sub), rule, at);
      }
    }
    db.destroy();

    const refused = await api(stack, 'POST', '/api/me/email', { token: ashaToken });
    const served = await api(stack, 'POST', '/api/me/email', { token: raviToken });

    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.body).toEqual({
      error: {
        code: 'too_many_requests',
        message: expect.stringMatching(/try again in \d+ minutes?\.$/),
      },
    });
    expect(served.status).toBe(200);
  });
});
