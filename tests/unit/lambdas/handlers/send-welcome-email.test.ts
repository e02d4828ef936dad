import type { EventBridgeEvent } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEvent } from '../../../../events/load-event';
import { resetConfigForTests } from '../../../../lambdas/config/config';
import { handler } from '../../../../lambdas/handlers/send-welcome-email';
import { resetWorld, world } from './handler-world';

vi.mock(
  '../../../../lambdas/handlers/deps/stores',
  async () => (await import('./handler-world')).storesModule,
);
vi.mock(
  '../../../../lambdas/handlers/deps/mail',
  async () => (await import('./handler-world')).mailModule,
);

type Event = EventBridgeEvent<'PurchaseCompleted', unknown>;
const event = () => loadEvent<Event>('eventbridge/purchase-completed.json');

describe('send-welcome-email handler', () => {
  beforeAll(() => {
    vi.stubEnv('CONTROL_PANEL_URL', 'https://panel.example.in');
    vi.stubEnv('SITE_URL', 'https://shop.example.in');
    resetConfigForTests();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  });
  beforeEach(() => resetWorld());

  it('sends one welcome mail for an event delivered twice', async () => {
    const first = await handler(event());
    const second = await handler(event());

    expect([first.outcome, second.outcome]).toEqual(['sent', 'already_sent']);
    expect(world.mailer.sent).toHaveLength(1);
    expect(world.mailer.sent[0]?.text).toContain('https://panel.example.in');
  });

  it('throws when the send fails so the bus retries, and the retry sends', async () => {
    world.mailer.failuresLeft = 1;

    await expect(handler(event())).rejects.toThrow();
    expect(world.mailer.sent).toEqual([]);
    await expect(handler(event())).resolves.toEqual({ outcome: 'sent' });
    expect(world.mailer.sent).toHaveLength(1);
  });

  it('drops a malformed event without mailing (a retry cannot fix it)', async () => {
    const bad = event();
    bad.detail = { purchaseId: 'pur_x', extra: true };

    await expect(handler(bad)).resolves.toEqual({ outcome: 'malformed' });
    expect(world.mailer.sent).toEqual([]);
  });
});
