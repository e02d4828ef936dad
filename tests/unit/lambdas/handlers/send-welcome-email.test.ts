import type { EventBridgeEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { loadEvent } from '../../../../events/load-event';
import { logger } from '../../../../lambdas/config/logger';
import {
  makeHandler,
  MalformedPurchaseCompletedError,
} from '../../../../lambdas/handlers/send-welcome-email';
import { fakeWorld } from '../../../helpers/fakes/world';

// Specs read the fakes, not the log stream.
logger.setLogLevel('SILENT');

type Event = EventBridgeEvent<'PurchaseCompleted', unknown>;
const event = (id?: string): Event => {
  const sample = loadEvent<Event>('eventbridge/purchase-completed.json');
  return id ? { ...sample, id } : sample;
};

function arrange() {
  const world = fakeWorld();
  const handler = makeHandler({ ...world, siteUrl: () => 'https://shop.example.in' });
  return { world, handler };
}

describe('send-welcome-email handler', () => {
  it('sends one welcome mail for an event delivered twice', async () => {
    const { world, handler } = arrange();

    const first = await handler(event());
    const second = await handler(event());

    expect([first.outcome, second.outcome]).toEqual(['sent', 'already_sent']);
    expect(world.mailer.sent).toHaveLength(1);
    expect(world.mailer.sent[0]?.text).toContain('https://shop.example.in/dashboard');
  });

  it('succeeds for the second of two events racing for one purchase (verify and webhook)', async () => {
    const { world, handler } = arrange();

    const outcomes = await Promise.all([
      handler(event('evt-verify')),
      handler(event('evt-webhook')),
    ]);

    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['in_progress', 'sent']);
    expect(world.mailer.sent).toHaveLength(1);
  });

  it('throws when the send fails so the bus retries, and the retry sends', async () => {
    const { world, handler } = arrange();
    world.mailer.failuresLeft = 1;

    await expect(handler(event())).rejects.toThrow();
    expect(world.mailer.sent).toEqual([]);
    await expect(handler(event())).resolves.toEqual({ outcome: 'sent' });
    expect(world.mailer.sent).toHaveLength(1);
  });

  it('throws on a malformed detail, so the bus dead-letters it, logging field names and never values', async () => {
    const { world, handler } = arrange();
    const bad = event();
    bad.detail = { ...(bad.detail as object), email: 'asha.verma-at-example.in', months: 0 };

    const failure = await handler(bad).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MalformedPurchaseCompletedError);
    expect(String(failure)).toMatch(/email/);
    expect(String(failure)).toMatch(/months/);
    expect(String(failure)).not.toContain('asha.verma-at-example.in');
    expect(world.log.text()).toMatch(/email/);
    expect(world.log.text()).not.toContain('asha.verma-at-example.in');
    expect(world.mailer.sent).toEqual([]);
    expect(world.claims.items.size).toBe(0);
  });

  it('accepts the invoice number and the renewal flag, and ignores a field it does not know', async () => {
    const { world, handler } = arrange();
    const withInvoice = event();
    withInvoice.detail = {
      ...(withInvoice.detail as object),
      invoiceNumber: 'INV/26-27/000042',
      renewal: true,
      addedByANewerPublisher: 'x',
    };

    await expect(handler(withInvoice)).resolves.toEqual({ outcome: 'sent' });
    expect(world.mailer.sent[0]?.text).toContain('INV/26-27/000042');
    expect(world.mailer.sent[0]?.text).toContain('Thank you for renewing');
  });
});
