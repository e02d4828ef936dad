import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchRoutes } from 'react-router';
import { appRoutes, routeFor } from '../../../web/src/app/routes';

/** The route react-router itself matches for a location's path (what <Routes> renders). */
function routersMatch(pathname: string): string {
  const matches = matchRoutes(
    appRoutes.map((route) => ({ path: route.path })),
    { pathname },
  );
  return matches?.[0]?.route.path ?? '*';
}

const paths = appRoutes.map((route) => route.path).filter((path) => path !== '*');

/** A route's path as a visitor might type or a link might write it. */
const variant = fc
  .record({
    path: fc.constantFrom(...paths),
    casing: fc.array(fc.constantFrom('lower', 'upper', 'lookalike'), {
      minLength: 30,
      maxLength: 30,
    }),
    encode: fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
    trailing: fc.constantFrom('', '/', '//'),
    extra: fc.constantFrom('', '/x', '%2F', '%2', '.', '-', '\u212A', '/%E0%A4%B9'),
    leading: fc.constantFrom('/', '//'),
  })
  .map(({ path, casing, encode, trailing, extra, leading }) => {
    const chars = [...path.slice(1)].map((c, i) => {
      // The Kelvin sign is a capital K to toLowerCase(), and not to the router.
      const lookalike = c === 'k' ? '\u212A' : c;
      const cased =
        casing[i % 30] === 'upper'
          ? c.toUpperCase()
          : casing[i % 30] === 'lookalike'
            ? lookalike
            : c;
      return encode[i % 30] && c !== '/'
        ? `%${cased.charCodeAt(0).toString(16).toUpperCase()}`
        : cased;
    });
    return `${leading}${chars.join('')}${extra}${trailing}`;
  });

describe('routeFor', () => {
  it('finds each route by its own path, and the not-found route for an unknown one', () => {
    for (const path of paths) expect(routeFor(path).path).toBe(path);
    expect(routeFor('/dashboard/').path).toBe('/dashboard');
    expect(routeFor('/Dashboard').path).toBe('/dashboard');
    expect(routeFor('/dash%62oard').path).toBe('/dashboard');
    expect(routeFor('/no-such-page').path).toBe('*');
    expect(routeFor('/dashboard/x').path).toBe('*');
  });

  it("matches every path as react-router's matchRoutes does (case, escapes, slashes)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          variant,
          fc.webPath(),
          fc.string().map((s) => `/${s}`),
        ),
        (pathname) => {
          expect(routeFor(pathname).path).toBe(routersMatch(pathname));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
