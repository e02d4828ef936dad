import { normaliseLabel } from '@domain/domain-names';

export type DomainNameResult =
  { ok: true; name: string } | { ok: false; reason: 'empty' | 'invalid' };

/**
 * Turns what a visitor typed into one domain label ("https://www.My Shop.com/about" → "myshop"),
 * by the same rule the server applies to a domain order (lambdas/domain/domain-names.ts).
 */
export function normaliseDomainName(input: string): DomainNameResult {
  const result = normaliseLabel(input);
  return result.ok ? { ok: true, name: result.label } : result;
}
