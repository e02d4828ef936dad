import { describe, expect, it } from 'vitest';
import { serviceSetupPendingMail } from '../../../../lambdas/templates/mail/service-setup-pending';
import { SITE_URL } from './samples';

describe('the service-setup-pending mail', () => {
  it('says our team sets the service up and when its access details follow', () => {
    const mail = serviceSetupPendingMail({
      name: 'Asha Verma',
      planName: 'Premium VPS',
      category: 'vps',
      siteUrl: SITE_URL,
    });

    expect(mail.subject).toBe("We're setting up your Premium VPS");
    expect(mail.text).toContain(
      "Our team is setting up your Premium VPS. We'll email you its access details within 15 minutes during business hours.",
    );
    expect(mail.text).toContain('"Setting up"');
    expect(mail.text).toContain('https://shop.example.in/dashboard');
  });

  it('for a domain says it is being registered, by name', () => {
    const mail = serviceSetupPendingMail({
      name: 'Asha Verma',
      planName: 'Basic Domain',
      category: 'domain',
      domain: 'ashaverma.in',
      siteUrl: SITE_URL,
    });

    expect(mail.text).toContain('Our team is registering your Basic Domain (ashaverma.in).');
  });
});
