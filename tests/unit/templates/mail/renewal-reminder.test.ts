import { describe, expect, it } from 'vitest';
import {
  renewalReminderMail,
  REMINDER_DAYS,
  type RenewalReminderMailInput,
} from '../../../../lambdas/templates/mail/renewal-reminder';
import { SITE_URL } from './samples';

const input = (changes: Partial<RenewalReminderMailInput> = {}): RenewalReminderMailInput => ({
  name: 'Asha Verma',
  planId: 'basicdomain',
  planName: 'Basic Domain',
  category: 'domain',
  domain: 'ashaverma.in',
  renewalDate: '2027-11-22T02:02:03.000Z',
  daysBefore: 30,
  renewalPricePaise: 182_664, // (129 × 12) + 18% GST
  renewalMonths: 12,
  siteUrl: SITE_URL,
  ...changes,
});

describe('the renewal reminder', () => {
  it('says when, in its subject, for 30, 7 and 1 days before', () => {
    const subjects = REMINDER_DAYS.map(
      (daysBefore) => renewalReminderMail(input({ daysBefore })).subject,
    );

    expect(subjects).toEqual([
      'Your Basic Domain expires in 30 days',
      'Your Basic Domain expires in 7 days',
      'Your Basic Domain expires tomorrow',
    ]);
  });

  it('gives the service, its renewal date, the 12-month renewal price with GST, and a Renew link', () => {
    const mail = renewalReminderMail(input());

    expect(mail.text).toContain('Service: Basic Domain (ashaverma.in)');
    expect(mail.text).toContain('Renewal date: 22 November 2027');
    expect(mail.text).toContain('Renewal price: ₹1,826.64 for 12 months, GST included');
    expect(mail.text).toContain(
      'Renew now: https://shop.example.in/checkout?plan=basicdomain&renew=1&domain=ashaverma.in',
    );
    expect(mail.html).toContain(
      'href="https://shop.example.in/checkout?plan=basicdomain&amp;renew=1&amp;domain=ashaverma.in"',
    );
  });

  it('tells a hosting buyer when an unrenewed account is suspended, and nobody else', () => {
    const hosting = renewalReminderMail(
      input({
        planId: 'basichosting',
        planName: 'Basic Hosting',
        category: 'hosting',
        suspendsOn: '2027-11-29T02:02:03.000Z',
      }),
    );

    expect(hosting.text).toContain('your site stays online until 29 November 2027');
    expect(renewalReminderMail(input()).text).not.toContain('suspended');
  });

  it("quotes a monthly buyer's own renewal: a month at its price, and links checkout to a month", () => {
    const mail = renewalReminderMail(
      input({
        planId: 'basichosting',
        planName: 'Basic Hosting',
        category: 'hosting',
        renewalPricePaise: 589_882, // 4,999 + 18% GST, one month
        renewalMonths: 1,
      }),
    );

    expect(mail.text).toContain('Renewal price: ₹5,898.82 for 1 month, GST included');
    expect(mail.text).not.toContain('for 12 months');
    expect(mail.text).toContain('Checkout also offers 12, 24 or 36 months');
    expect(mail.html).toContain('months=1');
  });
});
