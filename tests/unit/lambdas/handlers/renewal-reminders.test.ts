/**
 * The renewal job's Lambda: takes "now" from the scheduled event's `time` (a real-shaped
 * EventBridge Scheduler event) and answers the run's summary; a time that is not a date fails the
 * run, so Scheduler retries it and then dead-letters it.
 */
import type { ScheduledEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { loadEvent } from '../../../../events/load-event';
import {
  InvalidScheduledTimeError,
  makeHandler,
} from '../../../../lambdas/handlers/renewal-reminders';
import { renewalWorld } from '../../../helpers/renewal-world';

const scheduled = () => loadEvent<ScheduledEvent>('eventbridge/scheduled-renewal-reminders.json');

describe('renewal-reminders handler', () => {
  it("runs at the event's time, not the clock's, and answers the summary", async () => {
    const world = renewalWorld();
    // Renews on 22 Nov 2027: the event (15 Nov 2027, 09:00 IST) is its 7-day reminder's day.
    await world.pay('basichosting', new Date('2026-11-22T04:30:00.000Z'));
    const handler = makeHandler(world.deps);

    const summary = await handler(scheduled());

    expect(summary).toEqual({
      read: 1,
      acted: 1,
      sent: 1,
      expired: 0,
      suspended: 0,
      skipped: 1,
      failed: 0,
    });
    expect(world.subjects()).toEqual(['Your Basic Hosting expires in 7 days']);
  });

  it('fails a run whose time is not a date, sending nothing', async () => {
    const world = renewalWorld();
    await world.pay('basichosting', new Date('2026-11-22T04:30:00.000Z'));
    const handler = makeHandler(world.deps);

    await expect(handler({ ...scheduled(), time: 'yesterday' })).rejects.toBeInstanceOf(
      InvalidScheduledTimeError,
    );
    expect(world.mailer.sent).toEqual([]);
  });
});
