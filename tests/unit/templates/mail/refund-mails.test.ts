import { describe, expect, it } from 'vitest';
import { refundCompletedMail } from '../../../../lambdas/templates/mail/refund-completed';
import { refundFailedRetryingMail } from '../../../../lambdas/templates/mail/refund-failed-retrying';
import { refundRequestedMail } from '../../../../lambdas/templates/mail/refund-requested';
import { SITE_URL } from './samples';

const refund = {
  name: 'Asha Verma',
  planName: 'Basic Hosting',
  refundId: 'rfnd_Nx9aB3cD4eF5gH',
  paymentId: 'pay_Nx7gT4uVw8bYd1',
  amountPaise: 3_538_584,
  siteUrl: SITE_URL,
};

describe('the refund-requested mail', () => {
  it("confirms the buyer's cancellation, the amount and where it goes back", () => {
    const mail = refundRequestedMail({
      ...refund,
      origin: 'buyer',
      requestedAt: '2026-12-01T09:30:00.000Z',
    });

    expect(mail.subject).toBe('Your refund of ₹35,385.84 has started');
    expect(mail.text).toContain(
      'You cancelled your Basic Hosting on 1 December 2026. We have asked Razorpay to refund ₹35,385.84 to the card, UPI or bank account you paid with.',
    );
    expect(mail.text).toContain('Refund reference: rfnd_Nx9aB3cD4eF5gH');
    expect(mail.text).toContain('Payment: pay_Nx7gT4uVw8bYd1');
    expect(mail.text).toContain('5–7 working days');
  });

  it("says a hosting's free first-year domain stays the buyer's, nothing kept back for it (D23)", () => {
    const mail = refundRequestedMail({
      ...refund,
      planName: 'Premium Hosting',
      freeDomain: 'ashaverma.com',
      origin: 'buyer',
      requestedAt: '2026-12-01T09:30:00.000Z',
    });
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Your free domain ashaverma.com was free, so nothing is kept back');
      expect(body).toContain('stays yours until its first year ends');
    }
    expect(mail.text).not.toContain('not refunded');
    const plain = refundRequestedMail({
      ...refund,
      origin: 'buyer',
      requestedAt: '2026-12-01T09:30:00.000Z',
    });
    expect(plain.text).not.toContain('free domain');
  });

  it("shows a bundle's domain registration as not refunded, before the refund amount", () => {
    const mail = refundRequestedMail({
      ...refund,
      planName: 'Basic Bundle',
      amountPaise: 4_128_702,
      paidPaise: 4_246_584,
      deduction: { label: 'Domain registration', amountPaise: 117_882 },
      origin: 'buyer',
      requestedAt: '2026-12-01T09:30:00.000Z',
    });

    expect(mail.text).toContain(
      [
        '  Paid: ₹42,465.84',
        '  Domain registration (not refunded): ₹1,178.82',
        '  Refund amount: ₹41,287.02',
      ].join('\n'),
    );
  });

  it('a cancelled renewal: the service stays active until the date an earlier payment covers', () => {
    const mail = refundRequestedMail({
      ...refund,
      origin: 'buyer',
      requestedAt: '2026-12-01T09:30:00.000Z',
      serviceRunsUntil: '2027-01-10T04:30:00.000Z',
    });

    expect(mail.text).toContain(
      'Your service stays active until 10 January 2027, which your earlier payment covers.',
    );
    expect(mail.text).not.toContain('The service has ended');
  });

  it('words a refund the buyer did not ask for as ours', () => {
    const mail = refundRequestedMail({
      ...refund,
      origin: 'operator',
      requestedAt: '2026-12-01T09:30:00.000Z',
    });

    expect(mail.text).toContain('We are refunding ₹35,385.84 of your payment for Basic Hosting');
    expect(mail.text).not.toContain('You cancelled');
  });
});

describe('the refund-completed mail', () => {
  it('says Razorpay processed it, how long the bank takes, and names the credit note', () => {
    const mail = refundCompletedMail({
      ...refund,
      creditNoteNumber: 'CN/26-27/000001',
      completedAt: '2026-12-01T09:41:00.000Z',
    });

    expect(mail.subject).toBe('Your refund of ₹35,385.84 is processed');
    expect(mail.text).toContain(
      'Razorpay processed your refund of ₹35,385.84 for Basic Hosting on 1 December 2026.',
    );
    expect(mail.text).toContain('Credit note: CN/26-27/000001');
  });

  it('leaves the credit note out until there is one', () => {
    const mail = refundCompletedMail({ ...refund, completedAt: '2026-12-01T09:41:00.000Z' });

    expect(mail.text).not.toContain('Credit note');
  });
});

describe('the refund-failed-retrying mail', () => {
  it('says the refund is delayed, being retried, and that the buyer need do nothing', () => {
    const mail = refundFailedRetryingMail(refund);

    expect(mail.subject).toBe('Your refund of ₹35,385.84 is delayed');
    expect(mail.text).toContain('We are retrying it');
    expect(mail.text).toContain('You do not need to do anything.');
    expect(mail.text).toContain('Refund reference: rfnd_Nx9aB3cD4eF5gH');
  });
});
