/**
 * The name a bundle or a hosting's free domain registers (D23, D24;
 * lambdas/domain/register-domain.ts): which services are a hosting's free first-year domain.
 */
import { describe, expect, it } from 'vitest';
import {
  freeDomainPurchaseIdFor,
  isFreeDomainService,
} from '../../../lambdas/domain/register-domain';

const free = { purchaseId: freeDomainPurchaseIdFor('pur_1') };
const paid = { purchaseId: 'pur_2' };

describe('isFreeDomainService', () => {
  it('is a service whose every ledger entry is a free year', () => {
    expect(isFreeDomainService({ periods: { a: free } })).toBe(true);
  });

  it('is not one once a year of it was paid for (renewed), nor one with no entry (a bundle’s part)', () => {
    expect(isFreeDomainService({ periods: { a: free, b: paid } })).toBe(false);
    expect(isFreeDomainService({ periods: { b: paid, a: free } })).toBe(false);
    expect(isFreeDomainService({ periods: {} })).toBe(false);
  });
});
