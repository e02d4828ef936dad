import { describe, expect, it } from 'vitest';
import { sendSupportMail } from '../../../../lambdas/use-cases/send-support-mail';
import { InMemoryMessagesStore } from '../../../helpers/fakes/stores';
import { fakeWorld } from '../../../helpers/fakes/world';

async function arrange() {
  const world = fakeWorld();
  const messages = new InMemoryMessagesStore();
  await messages.saveMessage({
    messageId: 'msg-1',
    name: 'Asha <b>Verma</b>',
    email: 'asha.verma@example.in',
    message: 'Hello\nCan you help?',
    createdAt: '2026-11-22T01:59:00.000Z',
    expiresAt: 1_900_000_000,
  });
  const deps = { ...world, messages, supportEmail: () => 'support@example.in', leaseMs: 60_000 };
  return { world, messages, deps };
}

describe('sendSupportMail', () => {
  it('mails the stored message to support with the sender as Reply-To, then marks it', async () => {
    const { world, messages, deps } = await arrange();

    expect(await sendSupportMail(deps, 'msg-1')).toBe('sent');

    expect(world.mailer.sent).toHaveLength(1);
    const mail = world.mailer.sent[0];
    expect(mail).toMatchObject({ to: 'support@example.in', replyTo: 'asha.verma@example.in' });
    expect(mail?.text).toContain('Can you help?');
    expect(mail?.html).toContain('Asha &lt;b&gt;Verma&lt;/b&gt;');
    expect(await messages.listPendingMail(new Date('2030-01-01'), 10)).toEqual([]);
  });

  it('sends once however often the event is delivered, and at once', async () => {
    const { world, deps } = await arrange();

    const outcomes = await Promise.all([1, 2, 3, 4, 5].map(() => sendSupportMail(deps, 'msg-1')));
    const again = await sendSupportMail(deps, 'msg-1');

    expect(world.mailer.sent).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(again).toBe('already_sent');
  });

  it('gives the claim back and throws when SES fails, so the retry sends it', async () => {
    const { world, deps } = await arrange();
    world.mailer.failuresLeft = 1;

    await expect(sendSupportMail(deps, 'msg-1')).rejects.toThrow(/SES/);
    expect(await sendSupportMail(deps, 'msg-1')).toBe('sent');
    expect(world.mailer.sent).toHaveLength(1);
  });

  it('takes over the claim of an attempt that crashed once its lease has lapsed', async () => {
    const { world, messages, deps } = await arrange();
    await messages.claimMail('msg-1', world.now(), deps.leaseMs); // the crashed attempt

    expect(await sendSupportMail(deps, 'msg-1')).toBe('in_progress');
    world.setNow(new Date(world.now().getTime() + deps.leaseMs + 1));
    expect(await sendSupportMail(deps, 'msg-1')).toBe('sent');
  });

  it('throws for a message that does not exist, so the event is dead-lettered, not dropped', async () => {
    const { deps } = await arrange();

    await expect(sendSupportMail(deps, 'msg-missing')).rejects.toThrow(/msg-missing/);
  });
});
