/**
 * The customers' mail logs (issue #27), one contract on the in-memory fake and on the DynamoDB
 * adapter (dynalite, the table lambdas/system/facts.ts defines): each customer's mails newest
 * first and only theirs, listed without bodies; one mail read back with its body for a resend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoMailLog } from '../../../lambdas/adapters/dynamodb/mail-log-table';
import type { StoredMail } from '../../../lambdas/domain/mail-log';
import type { MailLog } from '../../../lambdas/ports/mail-log';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryMailLog } from '../../helpers/fakes/mail-log';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

let seq = 0;
const unique = (prefix: string) => `${prefix}${String((seq += 1)).padStart(6, '0')}`;

function mail(userId: string, at: string, overrides: Partial<StoredMail> = {}): StoredMail {
  return {
    mailId: `${at}#${unique('m')}`,
    userId,
    at,
    kind: 'welcome',
    subject: 'Your Basic Hosting is paid — we are setting it up',
    to: 'asha.verma@example.in',
    status: 'sent',
    ref: 'pur_pay_Nx7gT4uVw8bYd1',
    body: { html: '<p>Receipt</p>', text: 'Receipt' },
    ...overrides,
  };
}

describe.each([
  ['in memory', () => new InMemoryMailLog() as MailLog],
  ['DynamoDB', () => new DynamoMailLog(db.client, db.table('mails')) as MailLog],
])('MailLog (%s)', (_name, make) => {
  it("lists a customer's mails newest first, only theirs, without bodies", async () => {
    const log = make();
    const asha = unique('user-');
    const other = unique('user-');
    const first = mail(asha, '2026-11-20T04:00:00.000Z');
    const failed = mail(asha, '2026-11-22T04:00:00.000Z', {
      kind: 'renewal-reminder',
      subject: 'Your Basic Hosting renews in 7 days',
      status: 'failed',
      error: 'Throttling: Maximum sending rate exceeded.',
    });
    const notice = mail(asha, '2026-11-21T04:00:00.000Z', {
      kind: 'pre-debit-notice',
      subject: 'Auto-renew will debit ₹3,000.00',
    });
    delete notice.body;
    for (const m of [first, failed, notice, mail(other, '2026-11-23T04:00:00.000Z')]) {
      await log.record(m);
    }

    const listed = await log.listForCustomer(asha);

    expect(listed.map((m) => m.mailId)).toEqual([failed.mailId, notice.mailId, first.mailId]);
    const { body: _body, ...firstListed } = first;
    expect(listed[2]).toEqual(firstListed);
    expect(listed[0]).toMatchObject({ status: 'failed', error: failed.error });
    expect(listed.some((m) => 'body' in m)).toBe(false);
    expect(await log.listForCustomer(unique('user-'))).toEqual([]);
  });

  it("erases one customer's whole log and nobody else's", async () => {
    const log = make();
    const asha = unique('user-');
    const other = unique('user-');
    for (const at of ['2026-11-20T04:00:00.000Z', '2026-11-21T04:00:00.000Z']) {
      await log.record(mail(asha, at));
    }
    const kept = mail(other, '2026-11-22T04:00:00.000Z');
    await log.record(kept);

    await log.eraseCustomer(asha);
    await log.eraseCustomer(unique('user-'));

    expect(await log.listForCustomer(asha)).toEqual([]);
    expect(await log.getMail(other, kept.mailId)).toEqual(kept);
  });

  it('reads one mail back with its body, and nothing for another customer or an unknown id', async () => {
    const log = make();
    const asha = unique('user-');
    const written = mail(asha, '2026-11-22T05:00:00.000Z');
    await log.record(written);

    expect(await log.getMail(asha, written.mailId)).toEqual(written);
    expect(await log.getMail(unique('user-'), written.mailId)).toBeUndefined();
    expect(await log.getMail(asha, `${written.mailId}x`)).toBeUndefined();
  });
});
