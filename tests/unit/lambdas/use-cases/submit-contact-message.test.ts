import { describe, expect, it } from 'vitest';
import { submitContactMessage } from '../../../../lambdas/use-cases/submit-contact-message';
import { InMemoryMessagesStore } from '../../../helpers/fakes/stores';
import { fakeWorld } from '../../../helpers/fakes/world';

describe('submitContactMessage', () => {
  const input = {
    name: 'Asha <b>Verma</b>',
    email: 'asha.verma@example.in',
    message: 'Hello\nCan you help?',
  };

  it('stores the message and emails the support inbox with the sender as Reply-To', async () => {
    const world = fakeWorld();
    const messages = new InMemoryMessagesStore();

    const { messageId } = await submitContactMessage(
      { ...world, messages, supportEmail: () => 'support@example.in', newId: () => 'msg-1' },
      input,
    );

    expect(messageId).toBe('msg-1');
    expect(messages.items).toEqual([
      { messageId: 'msg-1', ...input, createdAt: '2026-11-22T02:00:00.000Z' },
    ]);
    expect(world.mailer.sent).toHaveLength(1);
    const mail = world.mailer.sent[0];
    expect(mail).toMatchObject({ to: 'support@example.in', replyTo: 'asha.verma@example.in' });
    expect(mail?.text).toContain('Can you help?');
    expect(mail?.html).toContain('Asha &lt;b&gt;Verma&lt;/b&gt;');
  });

  it('keeps the stored message and fails when the mail cannot be sent', async () => {
    const world = fakeWorld();
    world.mailer.failuresLeft = 1;
    const messages = new InMemoryMessagesStore();

    await expect(
      submitContactMessage({ ...world, messages, supportEmail: () => 'support@example.in' }, input),
    ).rejects.toThrow();
    expect(messages.items).toHaveLength(1);
  });
});
