/**
 * The one writer of the customers' mail logs (issue #27): every mail about a buyer is logged with
 * SES's answer, a resendable kind with its body and any other kind without (its single-use link
 * stays out of the log), mails to the store's inboxes not at all; a failed send is logged and
 * still thrown; a log that cannot be written never fails a mail SES accepted.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../../../../lambdas/ports/mail';
import { LoggedMailer } from '../../../../lambdas/use-cases/logged-mailer';
import { InMemoryMailLog } from '../../../helpers/fakes/mail-log';
import { RecordingLog, RecordingMailer } from '../../../helpers/fakes/stores';

const USER = '5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c';
const AT = new Date('2026-11-22T04:00:00.000Z');

let ses: RecordingMailer;
let mailLog: InMemoryMailLog;
let log: RecordingLog;
let mailer: LoggedMailer;

beforeEach(() => {
  ses = new RecordingMailer();
  mailLog = new InMemoryMailLog();
  log = new RecordingLog();
  let n = 0;
  mailer = new LoggedMailer(
    ses,
    mailLog,
    log,
    () => AT,
    () => `id${(n += 1)}`,
  );
});

const receipt: OutgoingMail = {
  to: 'asha.verma@example.in',
  subject: 'Your Basic Hosting is paid — we are setting it up',
  html: '<p>Receipt</p>',
  text: 'Receipt',
  about: { userId: USER, kind: 'welcome', ref: 'pur_pay_1' },
};

const notice: OutgoingMail = {
  to: 'asha.verma@example.in',
  subject: 'Auto-renew will debit ₹3,000.00',
  html: '<a href="https://shop.example.in/auto-renew/off?sig=s3cret">Turn off</a>',
  text: 'https://shop.example.in/auto-renew/off?sig=s3cret',
  about: { userId: USER, kind: 'pre-debit-notice', ref: 'svc_1' },
};

describe('LoggedMailer', () => {
  it('sends the mail as given (without what it is about) and logs it, with its body for a resendable kind', async () => {
    await mailer.send(receipt);

    expect(ses.sent).toEqual([
      { to: receipt.to, subject: receipt.subject, html: receipt.html, text: receipt.text },
    ]);
    expect(mailLog.mails).toEqual([
      {
        mailId: '2026-11-22T04:00:00.000Z#id1',
        userId: USER,
        at: AT.toISOString(),
        kind: 'welcome',
        subject: receipt.subject,
        to: receipt.to,
        status: 'sent',
        ref: 'pur_pay_1',
        body: { html: receipt.html, text: receipt.text },
      },
    ]);
  });

  it('logs a kind that is never resent by its subject alone: its signed link stays out of the log', async () => {
    await mailer.send(notice);

    expect(ses.sent).toHaveLength(1);
    expect(mailLog.mails).toEqual([
      expect.objectContaining({
        kind: 'pre-debit-notice',
        subject: notice.subject,
        status: 'sent',
      }),
    ]);
    expect(JSON.stringify(mailLog.mails)).not.toContain('s3cret');
  });

  it('logs a mail SES refused as failed, with the reason, and still throws to the sender', async () => {
    ses.failuresLeft = 1;

    await expect(mailer.send(receipt)).rejects.toThrow(/SES is unavailable/);

    expect(mailLog.mails).toEqual([
      expect.objectContaining({ status: 'failed', error: 'SES is unavailable (simulated)' }),
    ]);
  });

  it('logs nothing for a mail to the store (no buyer named)', async () => {
    const { about: _about, ...toSupport } = receipt;
    await mailer.send({ ...toSupport, to: 'support@storefront.example.in' });

    expect(ses.sent).toHaveLength(1);
    expect(mailLog.mails).toEqual([]);
  });

  it('does not fail a mail SES accepted when the log cannot be written (a retry would mail twice)', async () => {
    mailLog.record = () => Promise.reject(new Error('DynamoDB is unavailable'));

    await mailer.send(receipt);

    expect(ses.sent).toHaveLength(1);
    expect(log.lines).toEqual([
      expect.objectContaining({ level: 'warn', message: expect.stringContaining('mail log') }),
    ]);
  });
});
