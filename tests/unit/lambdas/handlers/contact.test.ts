import { beforeEach, describe, expect, it } from 'vitest';
import { makeHandler } from '../../../../lambdas/handlers/contact';
import { InMemoryMessagesStore, InMemoryRateLimiter } from '../../../helpers/fakes/stores';
import { fakeWorld } from '../../../helpers/fakes/world';
import { httpEvent, parse } from './handler-world';

describe('contact handler', () => {
  let world: ReturnType<typeof fakeWorld>;
  let messages: InMemoryMessagesStore;
  let handler: ReturnType<typeof makeHandler>;
  beforeEach(() => {
    world = fakeWorld();
    messages = new InMemoryMessagesStore();
    handler = makeHandler({ ...world, messages, limits: new InMemoryRateLimiter() });
  });
  const post = async (body?: string) =>
    parse(await handler(httpEvent('post-contact.json', body === undefined ? {} : { body })));

  it('stores the message, queues its mail to support and answers 202', async () => {
    const { statusCode, json } = await post();

    expect(statusCode).toBe(202);
    expect(json).toEqual({ ok: true });
    expect(messages.items).toMatchObject([{ name: 'Asha Verma', email: 'asha.verma@example.in' }]);
    expect(world.events.events).toMatchObject([{ detailType: 'SupportMessageReceived' }]);
  });

  it.each([
    ['{"name":"A","email":"not-an-email","message":"hi"}'],
    ['{"name":"","email":"a@example.in","message":"hi"}'],
    ['{"name":"A","email":"a@example.in","message":"hi","phone":"1"}'],
    [JSON.stringify({ name: 'A', email: 'a@example.in', message: 'x'.repeat(5001) })],
    // CR/LF in the name would become a header of the mail to support.
    [JSON.stringify({ name: 'A\r\nBcc: victim@example.in', email: 'a@example.in', message: 'hi' })],
    [JSON.stringify({ name: 'A\u2028B', email: 'a@example.in', message: 'hi' })],
    ['name=A'],
  ])('answers 400 validation_failed to %s and stores nothing', async (body) => {
    const { statusCode, json } = await post(body);

    expect(statusCode).toBe(400);
    expect(json).toMatchObject({ error: { code: 'validation_failed' } });
    expect(messages.items).toEqual([]);
    expect(world.events.events).toEqual([]);
  });

  it('keeps line breaks in the message itself', async () => {
    const body = JSON.stringify({ name: 'Asha', email: 'a@example.in', message: 'Line 1\nLine 2' });

    expect((await post(body)).statusCode).toBe(202);
    expect(messages.items[0]?.message).toBe('Line 1\nLine 2');
  });

  it('answers 202 to a filled honeypot, as to anyone, and keeps nothing', async () => {
    const body = JSON.stringify({
      name: 'Bot',
      email: 'bot@example.in',
      message: 'Buy now',
      website: 'http://spam.example',
    });

    expect((await post(body)).statusCode).toBe(202);
    expect(messages.items).toEqual([]);
  });

  it('answers 429 too_many_requests with a readable message past the per-address limit', async () => {
    for (let i = 0; i < 3; i += 1) expect((await post()).statusCode).toBe(202);

    const { statusCode, json } = await post();

    expect(statusCode).toBe(429);
    expect(json).toEqual({
      error: { code: 'too_many_requests', message: expect.stringMatching(/wait an hour/) },
    });
    expect(messages.items).toHaveLength(3);
  });

  it('answers 202 when the message is stored but the bus is down (it is mailed later)', async () => {
    world.events.failuresLeft = 1;

    const { statusCode } = await post();

    expect(statusCode).toBe(202);
    expect(messages.items).toHaveLength(1);
  });
});
