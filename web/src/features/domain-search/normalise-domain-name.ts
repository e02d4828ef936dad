export type DomainNameResult =
  { ok: true; name: string } | { ok: false; reason: 'empty' | 'invalid' };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Turns what a visitor typed into one domain label: lowercase, without spaces, a protocol, "www.",
 * a path or an ending they typed themselves ("https://www.My Shop.com/about" → "myshop"). Letters,
 * digits and hyphens only, 1-63 characters, no hyphen at either end.
 */
export function normaliseDomainName(input: string): DomainNameResult {
  let value = input.trim().toLowerCase().replace(/\s+/g, '');
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  value = value.replace(/[/?#].*$/, '');
  value = value.replace(/^www\./, '');
  value = value.split('.')[0] ?? '';
  if (value === '') return { ok: false, reason: 'empty' };
  if (!LABEL.test(value)) return { ok: false, reason: 'invalid' };
  return { ok: true, name: value };
}
