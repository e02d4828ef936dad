/**
 * /domains' search (D23): each extension we sell, asked of the registrar at once, at the
 * catalog's yearly price; an invalid label refused; an answer kept at most 30 s (the HTTP
 * answer's max-age adds at most 30 s more: never more than a minute in all).
 */
import { describe, expect, it } from 'vitest';
import { InvalidDomainError } from '../../../../lambdas/domain/domain-names';
import { RegistrarUnavailableError } from '../../../../lambdas/ports/registrar';
import { domainSearch } from '../../../../lambdas/use-cases/search-domains';
import { InMemoryRegistrar } from '../../../helpers/fakes/registrar';

describe('domainSearch', () => {
  it('answers .com .net .org .in .co.in in that order with their prices a year before GST', async () => {
    const registrar = new InMemoryRegistrar();
    registrar.take('asharao.net');
    const search = domainSearch({ registrar });
    expect(await search('AshaRao')).toEqual({
      results: [
        { domain: 'asharao.com', extension: '.com', available: true, pricePerYearPaise: 99_900 },
        { domain: 'asharao.net', extension: '.net', available: false, pricePerYearPaise: 89_900 },
        { domain: 'asharao.org', extension: '.org', available: true, pricePerYearPaise: 109_900 },
        { domain: 'asharao.in', extension: '.in', available: true, pricePerYearPaise: 79_900 },
        {
          domain: 'asharao.co.in',
          extension: '.co.in',
          available: true,
          pricePerYearPaise: 49_900,
        },
      ],
    });
  });

  it('a label with "taken" is never available', async () => {
    const { results } = await domainSearch({ registrar: new InMemoryRegistrar() })('mytakenshop');
    expect(results.every((r) => !r.available)).toBe(true);
  });

  it.each([[''], ['-asha'], ['asha_rao'], ['a'.repeat(64)], [undefined], [42]])(
    'refuses %j as invalid_domain without asking the registrar',
    async (name) => {
      const registrar = new InMemoryRegistrar();
      registrar.down = true;
      await expect(domainSearch({ registrar })(name)).rejects.toBeInstanceOf(InvalidDomainError);
    },
  );

  it('asks the registrar once for a label within 30 s, again after it, and never keeps a failure', async () => {
    const registrar = new InMemoryRegistrar();
    let asked = 0;
    const counting = {
      availability: (names: readonly string[]) => {
        asked += 1;
        return registrar.availability(names);
      },
    };
    let now = 1_000_000;
    const search = domainSearch({ registrar: counting, now: () => now });
    await Promise.all([search('asharao'), search('asharao'), search('asharao.com')]);
    expect(asked).toBe(1);
    registrar.take('asharao.com');
    now += 29_999;
    expect((await search('asharao')).results[0]?.available).toBe(true);
    now += 1;
    expect((await search('asharao')).results[0]?.available).toBe(false);
    expect(asked).toBe(2);

    registrar.down = true;
    now += 30_000;
    await expect(search('asharao')).rejects.toBeInstanceOf(RegistrarUnavailableError);
    registrar.down = false;
    await expect(search('asharao')).resolves.toBeDefined();
    expect(asked).toBe(4);
  });
});
