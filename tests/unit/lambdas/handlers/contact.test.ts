import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../lambdas/config/config';
import { handler } from '../../../../lambdas/handlers/contact';
import { httpEvent, messages, parse, resetWorld, world } from './handler-world';

vi.mock(
  '../../../../lambdas/handlers/deps/stores',
  async () => (await import('./handler-world')).storesModule,
);
vi.mock(
  '../../../../lambdas/handlers/deps/mail',
  async () => (await import('./handler-world')).mailModule,
);

describe('contact handler', () => {
  beforeAll(() => {
    vi.stubEnv('SUPPORT_EMAIL', 'support@example.in');
    resetConfigForTests();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  });
  beforeEach(() => resetWorld());

  it('stores the message, mails support and answers 202', async () => {
    const { statusCode, json } = parse(await handler(httpEvent('post-contact.json')));

    expect(statusCode).toBe(202);
    expect(json).toEqual({ ok: true });
    expect(messages.items).toMatchObject([{ name: 'Asha Verma', email: 'asha.verma@example.in' }]);
    expect(world.mailer.sent).toMatchObject([
      { to: 'support@example.in', replyTo: 'asha.verma@example.in' },
    ]);
  });

  it.each([
    ['{"name":"A","email":"not-an-email","message":"hi"}'],
    ['{"name":"","email":"a@example.in","message":"hi"}'],
    ['{"name":"A","email":"a@example.in","message":"hi","phone":"1"}'],
    [JSON.stringify({ name: 'A', email: 'a@example.in', message: 'x'.repeat(5001) })],
    ['name=A'],
  ])('answers 400 validation_failed to %s and stores nothing', async (body) => {
    const { statusCode, json } = parse(await handler(httpEvent('post-contact.json', { body })));

    expect(statusCode).toBe(400);
    expect(json).toMatchObject({ error: { code: 'validation_failed' } });
    expect(messages.items).toEqual([]);
    expect(world.mailer.sent).toEqual([]);
  });

  it('answers 500 without exposing configuration, and stores nothing, when SUPPORT_EMAIL is unset', async () => {
    vi.stubEnv('SUPPORT_EMAIL', '');
    resetConfigForTests();

    const result = await handler(httpEvent('post-contact.json'));

    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('SUPPORT_EMAIL');
    expect(messages.items).toEqual([]);
    vi.stubEnv('SUPPORT_EMAIL', 'support@example.in');
    resetConfigForTests();
  });
});
