import { describe, expect, it } from 'vitest';
import * as catalog from '../../../web/src/content/catalog';
import * as company from '../../../web/src/content/company';
import * as contact from '../../../web/src/content/contact';
import * as docs from '../../../web/src/content/docs';
import * as domainSearch from '../../../web/src/content/domain-search';
import * as faqs from '../../../web/src/content/faqs';
import * as home from '../../../web/src/content/home';
import * as policies from '../../../web/src/content/policies';
import * as support from '../../../web/src/content/support';
import * as testimonials from '../../../web/src/content/testimonials';

/** Every string in the site's copy (functions are called with a sample argument). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return strings((value as (arg: unknown) => unknown)(1));
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const copy = strings([
  catalog,
  company,
  contact,
  docs,
  domainSearch,
  faqs,
  home,
  policies,
  support,
  testimonials,
]);
const allText = copy.join('\n');

describe('one set of facts across the copy', () => {
  it('has a lot of copy to check', () => {
    expect(copy.length).toBeGreaterThan(300);
  });

  it('names only the payment methods Razorpay takes (D7)', () => {
    expect(allText).not.toMatch(/paypal|crypto|bank transfer|wire transfer|cheque/i);
    expect(allText).toContain('credit and debit cards, UPI, netbanking and wallets');
  });

  it('gives one refund policy: a 30-day money-back guarantee, never a no-refund rule (D6)', () => {
    const periods = [...allText.matchAll(/(\d+)-day money-back/g)].map((m) => m[1]);
    expect(periods.length).toBeGreaterThan(5);
    expect(new Set(periods)).toEqual(new Set(['30']));
    expect(allText).not.toMatch(/no[- ]refunds?\b|strict no|all sales are final/i);
  });

  it('quotes the same uptime, founding year and client count everywhere', () => {
    expect(new Set([...allText.matchAll(/([\d.]+)% uptime/g)].map((m) => m[1]))).toEqual(
      new Set(['99.9']),
    );
    expect(
      new Set([...allText.matchAll(/(?:[Ff]ounded in|[Ss]ince) (\d{4})/g)].map((m) => m[1])),
    ).toEqual(new Set(['2012']));
    expect(new Set([...allText.matchAll(/([\d,]+\+?) clients/g)].map((m) => m[1]))).toEqual(
      new Set(['60,000+']),
    );
  });
});
