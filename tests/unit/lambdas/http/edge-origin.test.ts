/**
 * The edge's proof (#26): every API handler refuses a call that did not come through CloudFront
 * (the API's own execute-api address) with 403 before doing anything, and takes one that did.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENV, ORIGIN_VERIFY_HEADER } from '../../../../lambdas/system/facts';
import { edgeOriginCheck, type OriginSettings } from '../../../../lambdas/http/edge-origin';
import { InMemoryMessagesStore, InMemoryRateLimiter } from '../../../helpers/fakes/stores';
import { fakeWorld } from '../../../helpers/fakes/world';
import { httpEvent, parse } from '../handlers/handler-world';

const SECRET = 'k3Vw9QeZ0aTnL7yR2sXcB4mJ8uHdF6gP';

function eventWith(headers: Record<string, string>): APIGatewayProxyEventV2 {
  return httpEvent('post-contact.json', { headers });
}

describe('the edge origin check', () => {
  const local = (): OriginSettings => ({ source: 'environment', value: SECRET });
  const noSecretManager = () => Promise.reject(new Error('not called'));

  it('takes the request that carries the secret', async () => {
    const check = edgeOriginCheck(local, noSecretManager);

    expect(await check(eventWith({ [ORIGIN_VERIFY_HEADER]: SECRET }))).toBe(true);
  });

  it.each([
    ['no header', {}],
    ['an empty header', { [ORIGIN_VERIFY_HEADER]: '' }],
    ['a wrong value of the same length', { [ORIGIN_VERIFY_HEADER]: SECRET.replace('k', 'K') }],
    ['the value with more after it', { [ORIGIN_VERIFY_HEADER]: `${SECRET}x` }],
    ['the value under another name', { 'x-origin-verified': SECRET }],
  ])('refuses %s', async (_, headers) => {
    const check = edgeOriginCheck(local, noSecretManager);

    expect(await check(eventWith(headers))).toBe(false);
  });

  it('removes the header from the event, so no handler sees, stores or logs it', async () => {
    const check = edgeOriginCheck(local, noSecretManager);
    const good = eventWith({ [ORIGIN_VERIFY_HEADER]: SECRET });
    const bad = eventWith({ [ORIGIN_VERIFY_HEADER]: 'guess' });

    await check(good);
    await check(bad);

    expect(good.headers).not.toHaveProperty(ORIGIN_VERIFY_HEADER);
    expect(bad.headers).not.toHaveProperty(ORIGIN_VERIFY_HEADER);
    expect(JSON.stringify(good)).not.toContain(SECRET);
  });

  it('reads the secret from Secrets Manager once per cold start, by the configured ARN', async () => {
    const read = vi.fn((arn: string) => Promise.resolve(`${arn}:value`));
    const check = edgeOriginCheck(() => ({ source: 'secretsManager', secretArn: 'arn:s' }), read);

    expect(await check(eventWith({ [ORIGIN_VERIFY_HEADER]: 'arn:s:value' }))).toBe(true);
    expect(await check(eventWith({ [ORIGIN_VERIFY_HEADER]: 'arn:s:value' }))).toBe(true);
    expect(await check(eventWith({}))).toBe(false);
    expect(read.mock.calls).toEqual([['arn:s']]);
  });

  it('fails, never passes, while the secret cannot be read, and reads it again next time', async () => {
    const read = vi
      .fn<(arn: string) => Promise<string>>()
      .mockRejectedValueOnce(new Error('Secrets Manager is down'))
      .mockResolvedValueOnce(SECRET);
    const check = edgeOriginCheck(() => ({ source: 'secretsManager', secretArn: 'arn:s' }), read);

    await expect(check(eventWith({ [ORIGIN_VERIFY_HEADER]: SECRET }))).rejects.toThrow();
    expect(await check(eventWith({ [ORIGIN_VERIFY_HEADER]: SECRET }))).toBe(true);
  });

  it('checks nothing where no secret is configured (a handler called directly)', async () => {
    const check = edgeOriginCheck(() => ({ source: 'none' }), noSecretManager);

    expect(await check(eventWith({}))).toBe(true);
  });
});

describe('an API handler behind the edge', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  /** The contact handler as a Lambda loads it where the local stack or AWS configured the edge. */
  async function contactHandler() {
    vi.stubEnv(ENV.originSecret, SECRET);
    vi.resetModules();
    const { makeHandler } = await import('../../../../lambdas/handlers/contact');
    const world = fakeWorld();
    const messages = new InMemoryMessagesStore();
    const handler = makeHandler({ ...world, messages, limits: new InMemoryRateLimiter() });
    return { handler, messages, world };
  }

  it('answers 403 to a direct call and does nothing', async () => {
    const { handler, messages, world } = await contactHandler();

    const { statusCode, json } = parse(await handler(httpEvent('post-contact.json')));

    expect(statusCode).toBe(403);
    expect(json).toMatchObject({ error: { code: 'forbidden' } });
    expect(messages.items).toEqual([]);
    expect(world.events.events).toEqual([]);
  });

  it("answers a call through the edge with the route's own answer", async () => {
    const { handler, messages } = await contactHandler();

    const { statusCode } = parse(
      await handler(
        httpEvent('post-contact.json', { headers: { [ORIGIN_VERIFY_HEADER]: SECRET } }),
      ),
    );

    expect(statusCode).toBe(202);
    expect(messages.items).toHaveLength(1);
  });
});
