import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, TooManyRequestsError } from '../../../../lambdas/domain/contact';
import { submitContactMessage } from '../../../../lambdas/use-cases/submit-contact-message';
import { InMemoryMessagesStore, InMemoryRateLimiter } from '../../../helpers/fakes/stores';
import { fakeWorld } from '../../../helpers/fakes/world';

const input = {
  name: 'Asha <b>Verma</b>',
  email: 'asha.verma@example.in',
  message: 'Hello\nCan you help?',
};
const sender = { sourceIp: '203.0.113.7' };

function arrange() {
  const world = fakeWorld();
  const messages = new InMemoryMessagesStore();
  const limits = new InMemoryRateLimiter();
  let ids = 0;
  const deps = { ...world, messages, limits, newId: () => `msg-${++ids}` };
  return { world, messages, limits, deps };
}

describe('submitContactMessage', () => {
  it('stores the message for three years and queues its mail as SupportMessageReceived', async () => {
    const { world, messages, deps } = arrange();

    const result = await submitContactMessage(deps, input, sender);

    expect(result).toEqual({ outcome: 'accepted', messageId: 'msg-1' });
    const createdAt = new Date('2026-11-22T02:00:00.000Z');
    expect(messages.items).toEqual([
      {
        messageId: 'msg-1',
        ...input,
        createdAt: createdAt.toISOString(),
        // 3 × 365 days of 86,400 s after the message arrived
        expiresAt: createdAt.getTime() / 1000 + 3 * 365 * 86_400,
      },
    ]);
    expect(world.events.events).toEqual([
      { detailType: 'SupportMessageReceived', detail: { messageId: 'msg-1' } },
    ]);
    expect(world.mailer.sent).toEqual([]);
  });

  it('ignores a message whose honeypot field is filled, storing and queuing nothing', async () => {
    const { world, messages, deps } = arrange();

    const result = await submitContactMessage(
      deps,
      { ...input, website: 'http://spam.example' },
      sender,
    );

    expect(result).toEqual({ outcome: 'ignored' });
    expect(messages.items).toEqual([]);
    expect(world.events.events).toEqual([]);
  });

  it('refuses the fourth message from one address within the hour, whatever the client', async () => {
    const { messages, deps } = arrange();
    for (let i = 0; i < CONTACT_LIMITS.perAddress.limit; i += 1) {
      await submitContactMessage(deps, input, { sourceIp: `203.0.113.${i}` });
    }

    await expect(
      submitContactMessage(deps, input, { sourceIp: '198.51.100.1' }),
    ).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(messages.items).toHaveLength(CONTACT_LIMITS.perAddress.limit);
  });

  it('refuses the sixth message from one client within the hour, whatever the address', async () => {
    const { messages, deps } = arrange();
    for (let i = 0; i < CONTACT_LIMITS.perSender.limit; i += 1) {
      await submitContactMessage(deps, { ...input, email: `person${i}@example.in` }, sender);
    }

    await expect(
      submitContactMessage(deps, { ...input, email: 'another@example.in' }, sender),
    ).rejects.toThrow(/wait an hour/);
    expect(messages.items).toHaveLength(CONTACT_LIMITS.perSender.limit);
  });

  it('accepts again once the window has passed', async () => {
    const { world, deps } = arrange();
    for (let i = 0; i < CONTACT_LIMITS.perAddress.limit; i += 1) {
      await submitContactMessage(deps, input, sender);
    }
    world.setNow(new Date(world.now().getTime() + CONTACT_LIMITS.perAddress.windowSeconds * 1000));

    await expect(submitContactMessage(deps, input, sender)).resolves.toMatchObject({
      outcome: 'accepted',
    });
  });

  it('keeps an accepted message when the bus is down, for the reconciler to queue', async () => {
    const { world, messages, deps } = arrange();
    world.events.failuresLeft = 1;

    const result = await submitContactMessage(deps, input, sender);

    expect(result).toEqual({ outcome: 'accepted_unqueued', messageId: 'msg-1' });
    expect(messages.items).toHaveLength(1);
    expect(await messages.listPendingMail(new Date('2030-01-01'), 10)).toEqual(['msg-1']);
  });
});
