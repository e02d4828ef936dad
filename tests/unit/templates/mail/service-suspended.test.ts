import { describe, expect, it } from 'vitest';
import { serviceSuspendedMail } from '../../../../lambdas/templates/mail/service-suspended';
import { SITE_URL } from './samples';

describe('the service-suspended mail', () => {
  it('says it was suspended 7 days after expiry, that nothing is deleted, and how to renew', () => {
    const mail = serviceSuspendedMail({
      name: 'Asha Verma',
      planId: 'basichosting',
      planName: 'Basic Hosting',
      domain: 'ashaverma.in',
      expiredOn: '2027-11-22T02:02:03.000Z',
      suspendedOn: '2027-11-29T02:02:03.000Z',
      renewalPricePaise: 4_246_584,
      renewalMonths: 12,
      siteUrl: SITE_URL,
    });

    expect(mail.subject).toBe('Your Basic Hosting is suspended');
    expect(mail.text).toContain(
      'expired on 22 November 2027 and was not renewed, so we suspended it on 29 November 2027',
    );
    expect(mail.text).toContain('nothing has been deleted');
    expect(mail.text).toContain(
      '3. Your account is unsuspended as soon as the payment is confirmed.',
    );
    expect(mail.text).toContain(
      'Renew now: https://shop.example.in/checkout?plan=basichosting&renew=1',
    );
    expect(mail.html).toContain('<ol');
  });
});
