import { describe, expect, it } from 'vitest';
import { welcomeMail, type WelcomeMailInput } from '../../../../lambdas/templates/mail/welcome';
import { hostingAccess, planQuote, purchase, SITE_URL } from './samples';

const input = (changes: Partial<WelcomeMailInput> = {}): WelcomeMailInput => ({
  purchase: purchase(),
  quote: planQuote('basichosting'),
  siteUrl: SITE_URL,
  ...changes,
});

describe('the welcome mail', () => {
  it("names Premium Hosting's free first-year domain, how it renews, and that a refund leaves it the buyer's (D23)", () => {
    const mail = welcomeMail(
      input({
        purchase: { ...purchase(), planName: 'Premium Hosting', freeDomain: 'ashaverma.com' },
      }),
    );
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('ashaverma.com (free for the first year)');
      expect(body).toContain('Your free domain');
      expect(body).toContain('yearly price, with reminders before');
      expect(body).toContain('it stays yours until its first year ends');
    }
    // Without a free domain, none of it.
    expect(welcomeMail(input()).text).not.toContain('free for the first year');
  });

  it('gives the plan, period, dates, the GST breakup, the invoice number and the dashboard', () => {
    const mail = welcomeMail(input());

    // #26: not "is active" while its account is still being made.
    expect(mail.subject).toBe('Your Basic Hosting is paid — we are setting it up');
    expect(mail.text).toContain(
      'We have received your payment of ₹35,385.84 for 12 months of Basic Hosting, until 22 November 2027. We are setting it up now.',
    );
    expect(mail.text).not.toContain('is active');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Hello Asha Verma,');
      expect(body).toContain('12 months');
      expect(body).toContain('22 November 2026'); // purchased
      expect(body).toContain('22 November 2027'); // renews
      expect(body).toContain('₹2,499.00 × 12 months');
      expect(body).toContain('₹29,988.00');
      expect(body).toContain('GST (18%)');
      expect(body).toContain('₹5,397.84');
      expect(body).toContain('₹35,385.84');
      expect(body).toContain('INV/26-27/000001');
      expect(body).toContain('https://shop.example.in/dashboard');
      expect(body).toContain('pay_Nx7gT4uVw8bYd1');
    }
    expect(mail.text).toMatch(/Total paid: +₹35,385\.84/);
  });

  it('says the hosting account is being set up and its details follow, until they are known', () => {
    const mail = welcomeMail(input());

    expect(mail.text).toContain(
      "Your hosting account is being set up. You'll get its access details (username, server, nameservers and the control panel's address) in a separate email when it is ready, and you can open the control panel from your dashboard.",
    );
    expect(mail.text).not.toContain('Username');
  });

  it('shows the access details when the panel has answered, and no password', () => {
    const mail = welcomeMail(input({ access: hostingAccess }));

    // Its account is there: now it is active (#26).
    expect(mail.subject).toBe('Your Basic Hosting is active');
    expect(mail.text).toContain(
      'and your Basic Hosting is active for 12 months, until 22 November 2027.',
    );
    expect(mail.text).toContain('Username: ashaverm7c1e2a');
    expect(mail.text).toContain('Server: in-mum-01.panel.example.in');
    expect(mail.text).toContain('Nameservers: ns1.example.in, ns2.example.in');
    expect(mail.text).toContain('Control panel: https://in-mum-01.panel.example.in:2083');
    expect(mail.html).toContain('href="https://in-mum-01.panel.example.in:2083/"');
    expect(mail.text).toContain('single-use link');
    expect(mail.text).not.toContain('being set up');
  });

  it('for a bundle speaks of its hosting account; for a VPS, of its key and login; for storage, of its bucket and key (D24)', () => {
    const bundle = welcomeMail(
      input({ purchase: { ...purchase(), planName: 'Basic Bundle', category: 'bundle' } }),
    );
    const vps = welcomeMail(
      input({ purchase: { ...purchase(), planName: 'Premium VPS', category: 'vps' } }),
    );
    const storage = welcomeMail(
      input({ purchase: { ...purchase(), planName: 'Basic Storage', category: 'storage' } }),
    );

    expect(bundle.text).toContain('Your hosting account is being set up.');
    // A VPS is made by converge (D24), not by our team.
    expect(vps.text).toContain(
      "We are setting up your server now. You'll get an email with its IP address and how to log in with your SSH key",
    );
    expect(vps.text).not.toContain('Our team');
    expect(storage.text).toContain('We are creating your bucket now.');
    expect(storage.text).toContain('the secret key is shown once (we never email it)');
    expect(bundle.text).toContain("everything but the included domain's registration");
  });

  it('for a domain names it, says our team registers it, and that it is not refundable', () => {
    const mail = welcomeMail(
      input({
        purchase: {
          ...purchase(),
          planName: 'Basic Domain',
          category: 'domain',
          domain: 'ashaverma.in',
        },
        quote: planQuote('basicdomain'),
      }),
    );

    expect(mail.text).toContain('  Domain: ashaverma.in');
    expect(mail.text).toContain('We are registering ashaverma.in at the registry now.');
    expect(mail.text).toContain('Domain registrations are not refundable.');
  });

  it('shows the duration discount and the promo as deductions', () => {
    const q = planQuote('premiumvps', 36, 'HOST10');
    const mail = welcomeMail(
      input({ purchase: { ...purchase(), amountPaise: q.totalPaise, months: 36 }, quote: q }),
    );

    expect(mail.text).toMatch(/Duration discount \(30%\): +−₹12,949\.20/);
    expect(mail.text).toMatch(/Promo HOST10 \(10%\): +−₹3,021\.48/);
    expect(mail.text).toMatch(/Total paid: +₹32,088\.12/);
  });

  it('splits GST into CGST and SGST, or shows IGST, once the place of supply is known', () => {
    const q = planQuote('basichosting');
    const intraState = welcomeMail(
      input({ quote: { ...q, tax: { cgstPaise: 269_892, sgstPaise: 269_892, igstPaise: 0 } } }),
    );
    const interState = welcomeMail(
      input({ quote: { ...q, tax: { cgstPaise: 0, sgstPaise: 0, igstPaise: 539_784 } } }),
    );

    expect(intraState.text).toMatch(/CGST \(9%\): +₹2,698\.92/);
    expect(intraState.text).toMatch(/SGST \(9%\): +₹2,698\.92/);
    expect(intraState.text).not.toContain('IGST');
    expect(interState.text).toMatch(/IGST \(18%\): +₹5,397\.84/);
  });

  it('shows only the total when the quote is not known', () => {
    const mail = welcomeMail(input({ quote: undefined }));

    expect(mail.text).toMatch(/Total paid: +₹35,385\.84/);
    expect(mail.text).not.toContain('GST');
  });

  it('thanks a renewing buyer, leaves out the setup and the invoice line when there is none', () => {
    const { invoiceNumber: _none, ...withoutInvoice } = purchase();
    const mail = welcomeMail(input({ purchase: { ...withoutInvoice, renewal: true } }));

    expect(mail.text).toContain(
      'Thank you for renewing. We have received your payment of ₹35,385.84, and your Basic Hosting now runs until 22 November 2027.',
    );
    // Renewed, whatever it was before: not "is active", which a suspended one is not yet (#26).
    expect(mail.subject).toBe('Your Basic Hosting is renewed');
    expect(mail.text).not.toContain('being set up');
    expect(mail.text).not.toContain('Tax invoice');
  });
});

describe('the mail of a plan change paid now (D26)', () => {
  const changed = (): WelcomeMailInput => ({
    purchase: {
      ...purchase(),
      planName: 'Premium Hosting',
      amountPaise: 1_542_082,
      change: { fromPlanName: 'Basic Hosting', remainingDays: 265 },
    },
    siteUrl: SITE_URL,
  });

  it('says the plan is the new one, for the difference over the days left, the renewal date unchanged', () => {
    const mail = welcomeMail(changed());

    expect(mail.subject).toBe('Your plan is now Premium Hosting');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(
        'We have received your payment of ₹15,420.82, the difference for the 265 days left until your renewal date, and your Basic Hosting is now Premium Hosting.',
      );
      expect(body).toContain('22 November 2027 (unchanged)');
      expect(body).not.toContain('being set up');
      expect(body).not.toMatch(/pass(word)?:/i);
    }
  });
});
