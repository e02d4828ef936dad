import { describe, expect, it } from 'vitest';
import { SecretInMailError } from '../../../../lambdas/templates/mail/access-details';
import {
  serviceReadyMail,
  type ServiceReadyMailInput,
} from '../../../../lambdas/templates/mail/service-ready';
import { hostingAccess, SITE_URL } from './samples';

const hosting = (changes: Partial<ServiceReadyMailInput> = {}): ServiceReadyMailInput => ({
  name: 'Asha Verma',
  planName: 'Basic Hosting',
  category: 'hosting',
  domain: 'ashaverma.in',
  access: hostingAccess,
  siteUrl: SITE_URL,
  ...changes,
});

describe('the service-ready mail', () => {
  it("gives a hosting account's username, server, nameservers and panel, and the dashboard's single-use login", () => {
    const mail = serviceReadyMail(hosting());

    expect(mail.subject).toBe('Your Basic Hosting is ready');
    expect(mail.text).toContain('Your hosting account for Basic Hosting (ashaverma.in) is set up.');
    expect(mail.text).toContain('Username: ashaverm7c1e2a');
    expect(mail.text).toContain('Server: in-mum-01.panel.example.in');
    expect(mail.text).toContain('Nameservers: ns1.example.in, ns2.example.in');
    expect(mail.text).toContain('Control panel: https://in-mum-01.panel.example.in:2083');
    expect(mail.text).toContain('set these nameservers at its registrar');
    expect(mail.text).toContain('"Open control panel"');
    expect(mail.text).toContain('we never send passwords by email');
  });

  it("gives what an operator entered for a VPS, without the panel's wording", () => {
    const mail = serviceReadyMail(
      hosting({
        planName: 'Premium VPS',
        category: 'vps',
        domain: undefined,
        access: { server: 'vps-4821.in-blr.example.in', details: { 'SSH user': 'asha' } },
      }),
    );

    expect(mail.text).toContain('Our team has set up your Premium VPS.');
    expect(mail.text).toContain('SSH user: asha');
    expect(mail.text).not.toContain('Open control panel');
    expect(mail.text).not.toContain('Nameservers');
  });

  it('refuses to mail a detail that looks like a secret, naming the label and not the value', () => {
    const secrets: Record<string, string>[] = [
      { 'Root password': 'Tq7@mZ2kLp9x' },
      { 'API token': 'tok_123' },
      { Notes: 'password: Tq7@mZ2kLp9x' },
      // A domain's transfer code (D23): never mailed, whatever the operator calls it.
      { 'EPP code': 'Tq7@mZ2kLp9x' },
      { 'Auth code': 'Tq7@mZ2kLp9x' },
      { 'Transfer code': 'Tq7@mZ2kLp9x' },
      { Notes: 'EPP: Tq7@mZ2kLp9x' },
    ];
    for (const details of secrets) {
      const render = () => serviceReadyMail(hosting({ access: { ...hostingAccess, details } }));

      expect(render).toThrow(SecretInMailError);
      expect(render).not.toThrow(/Tq7@mZ2kLp9x|tok_123/);
    }
  });
});
