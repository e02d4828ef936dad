import type { EventBridgeEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeHandler, MalformedEventError } from '../../../../lambdas/handlers/send-support-mail';
import { InMemoryMessagesStore } from '../../../helpers/fakes/stores';
import { fakeWorld } from '../../../helpers/fakes/world';

function busEvent(detail: unknown): EventBridgeEvent<'SupportMessageReceived', unknown> {
  return {
    version: '0',
    id: '6a7e8feb-b491-4cf7-a9f1-bf3703467718',
    'detail-type': 'SupportMessageReceived',
    source: 'storefront.support',
    account: '000000000000',
    time: '2026-11-22T02:00:00Z',
    region: 'ap-south-1',
    resources: [],
    detail,
  };
}

describe('send-support-mail handler', () => {
  let world: ReturnType<typeof fakeWorld>;
  let handler: ReturnType<typeof makeHandler>;
  beforeEach(async () => {
    world = fakeWorld();
    const messages = new InMemoryMessagesStore();
    await messages.saveMessage({
      messageId: 'msg-1',
      name: 'Asha Verma',
      email: 'asha.verma@example.in',
      message: 'Hello',
      createdAt: '2026-11-22T01:59:00.000Z',
      expiresAt: 1_900_000_000,
    });
    handler = makeHandler({
      ...world,
      messages,
      supportEmail: () => 'support@example.in',
      leaseMs: 60_000,
    });
  });

  it('mails the message named by the event', async () => {
    expect(await handler(busEvent({ messageId: 'msg-1' }))).toEqual({ outcome: 'sent' });
    expect(world.mailer.sent).toHaveLength(1);
  });

  it.each([[{}], [{ messageId: '' }], [{ messageId: 'msg-1', extra: 1 }], [null]])(
    'throws on a malformed detail %j, so the bus retries and then dead-letters it',
    async (detail) => {
      await expect(handler(busEvent(detail))).rejects.toBeInstanceOf(MalformedEventError);
      expect(world.mailer.sent).toEqual([]);
    },
  );
});
