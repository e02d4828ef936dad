import { describe, expect, it } from 'vitest';
import {
  serviceExpiredMail,
  type ServiceExpiredMailInput,
} from '../../../../lambdas/templates/mail/service-expired';
import { SITE_URL } from './samples';

const input = (changes: Partial<ServiceExpiredMailInput> = {}): ServiceExpiredMailInput => ({
  name: 'Asha Verma',
  planId: 'basichosting',
  planName: 'Basic Hosting',
  category: 'hosting',
  domain: 'ashaverma.in',
  expiredOn: '2027-11-22T02:02:03.000Z',
  suspendsOn: '2027-11-29T02:02:03.000Z',
  renewalPricePaise: 4_246_584,
  renewalMonths: 12,
  siteUrl: SITE_URL,
  ...changes,
});

describe('the service-expired mail', () => {
  it('says when it expired, until when hosting keeps running, the price and how to renew', () => {
    const mail = serviceExpiredMail(input());

    expect(mail.subject).toBe('Your Basic Hosting has expired');
    expect(mail.text).toContain('Your Basic Hosting (ashaverma.in) expired on 22 November 2027.');
    expect(mail.text).toContain('Your site keeps running until 29 November 2027');
    expect(mail.text).toContain('Renewal price: ₹42,465.84 for 12 months, GST included');
    expect(mail.text).toContain(
      'Renew now: https://shop.example.in/checkout?plan=basichosting&renew=1',
    );
  });

  it('for a domain, says it stops working instead', () => {
    const mail = serviceExpiredMail(
      input({
        planId: 'basicdomain',
        planName: 'Basic Domain',
        category: 'domain',
        suspendsOn: undefined,
      }),
    );

    expect(mail.text).toContain('an expired domain stops working');
    expect(mail.text).not.toContain('keeps running');
  });
});
