/**
 * More of the domain's rules at their edges (docs/mutation.md): the days a reminder counts, where
 * Renew goes, the placeholder domain of an account, what the API shows of a service's
 * provisioning, and the invoice's amount in words refusing what is not whole paise.
 */
import { describe, expect, it } from 'vitest';
import { amountInWords, indianNumberInWords } from '../../../lambdas/domain/invoice';
import {
  isPlaceholderDomain,
  normaliseDomain,
  placeholderDomain,
  serviceProvisioningOf,
} from '../../../lambdas/domain/provisioning';
import { daysLeft, renewalCheckoutPath } from '../../../lambdas/domain/renewal-schedule';

describe('the days left before a renewal', () => {
  const renews = '2027-11-22T04:30:00.000Z'; // 10:00 IST on 22 Nov

  it('are none at the renewal instant and after it, one on the day before', () => {
    expect(daysLeft(renews, new Date(renews))).toBe(0);
    expect(daysLeft(renews, new Date('2027-11-22T04:29:59.999Z'))).toBe(0); // the same India day
    expect(daysLeft(renews, new Date('2027-11-21T18:29:59.999Z'))).toBe(1); // 23:59 IST the day before
    expect(daysLeft(renews, new Date('2027-11-23T00:00:00.000Z'))).toBe(0);
  });
});

describe('where Renew goes', () => {
  it('is checkout for the plan, with the domain when the service has one', () => {
    expect(renewalCheckoutPath({ planId: 'basichosting' })).toBe(
      '/checkout?plan=basichosting&renew=1',
    );
    expect(renewalCheckoutPath({ planId: 'basicdomain', domain: 'asharao.com' })).toBe(
      '/checkout?plan=basicdomain&renew=1&domain=asharao.com',
    );
  });
});

describe('a placeholder domain', () => {
  const base = 'hosting.example.in';

  it('is the service’s own name under the base, the same every time, and known as one', () => {
    const domain = placeholderDomain('pur_pay_Nx7gT4uVw8bYd1', base);
    expect(domain).toMatch(/^site-[a-z0-9]{10}\.hosting\.example\.in$/);
    expect(placeholderDomain('pur_pay_Nx7gT4uVw8bYd1', base)).toBe(domain);
    expect(isPlaceholderDomain(domain, base)).toBe(true);
  });

  it.each([
    ['a buyer’s own domain', 'ashaverma.in'],
    ['another base', 'site-abcdefghij.other.example.in'],
    ['a longer name', 'site-abcdefghijk.hosting.example.in'],
    ['a name before it', 'www.site-abcdefghij.hosting.example.in'],
  ])('is not %s', (_what, domain) => {
    expect(isPlaceholderDomain(domain, base)).toBe(false);
  });

  it('is refused for a base that is not a domain, or too long for one', () => {
    expect(isPlaceholderDomain('site-abcdefghij.x', 'not a domain')).toBe(false);
    expect(() => placeholderDomain('pur_1', 'not a domain')).toThrow(
      'The placeholder domain "not a domain" is not a domain name.',
    );
    const longBase = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(52)}.in`; // 238: its placeholder would be 254
    expect(normaliseDomain(longBase)).toBe(longBase);
    expect(() => placeholderDomain('pur_1', longBase)).toThrow('is too long');
  });

  it('fits a domain of 253 characters, DNS’s longest, and not one more', () => {
    const at253 = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.in`;
    expect(at253).toHaveLength(253);
    expect(normaliseDomain(at253)).toBe(at253);
    expect(normaliseDomain(`d${at253}`)).toBeUndefined();
  });
});

describe('what the API shows of a service’s provisioning', () => {
  const stored = {
    state: 'ready' as const,
    username: 'ashnx7gt4uv',
    server: 'server1.example.in',
    panelUrl: 'https://server1.example.in:2083',
    nameservers: ['ns1.example.in'],
    details: { 'IP address': '203.0.113.10' },
    updatedAt: '2026-11-22T02:03:00.000Z',
  };

  it('shows the account of a ready, suspended or terminated service', () => {
    for (const state of ['ready', 'suspended', 'terminated'] as const) {
      expect(serviceProvisioningOf('hosting', { ...stored, state })).toEqual({
        state,
        username: 'ashnx7gt4uv',
        server: 'server1.example.in',
        panelUrl: 'https://server1.example.in:2083',
        nameservers: ['ns1.example.in'],
        details: { 'IP address': '203.0.113.10' },
      });
    }
  });

  it('shows no account while it is being set up, and leaves out what is empty', () => {
    expect(serviceProvisioningOf('hosting', { ...stored, state: 'pending' })).toEqual({
      state: 'pending',
    });
    expect(serviceProvisioningOf('hosting', { state: 'ready', details: {} })).toEqual({
      state: 'ready',
    });
  });
});

describe('an amount in words', () => {
  it('refuses what is not a whole, non-negative number', () => {
    for (const bad of [-1, 1.5, Number.NaN]) {
      expect(() => indianNumberInWords(bad), String(bad)).toThrow(
        'expected a non-negative whole number',
      );
      expect(() => amountInWords(bad), String(bad)).toThrow(
        'expected a non-negative whole number of paise',
      );
    }
    expect(indianNumberInWords(0)).toBe('Zero');
  });
});
