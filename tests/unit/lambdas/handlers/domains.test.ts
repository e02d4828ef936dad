import { describe, expect, it, vi } from 'vitest';
import { InMemoryRegistrar } from '../../../helpers/fakes/registrar';
import { httpEvent, parse } from './handler-world';

const registrar = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('../../../../lambdas/handlers/deps/registrar', () => ({
  get registrar() {
    return registrar.current;
  },
}));

const fake = new InMemoryRegistrar();
registrar.current = fake;
const { handler } = await import('../../../../lambdas/handlers/domains');

function search(name?: string) {
  const event = httpEvent('get-plans.json');
  event.rawPath = '/api/domains/availability';
  event.routeKey = 'GET /api/domains/availability';
  event.queryStringParameters = name === undefined ? {} : { name };
  return handler(event);
}

describe('GET /api/domains/availability', () => {
  it('answers 200 {results} for the five extensions, cacheable for at most 30 s', async () => {
    const answer = parse(await search('ravikumar'));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=30');
    expect((answer.json.results as { domain: string }[]).map((r) => r.domain)).toEqual([
      'ravikumar.com',
      'ravikumar.net',
      'ravikumar.org',
      'ravikumar.in',
      'ravikumar.co.in',
    ]);
  });

  it('answers 400 invalid_domain for a bad or missing label', async () => {
    for (const name of ['bad_label', undefined]) {
      expect(parse(await search(name))).toMatchObject({
        statusCode: 400,
        json: { error: { code: 'invalid_domain' } },
      });
    }
  });

  it('answers 503 registrar_unavailable with a sentence when the registrar is down', async () => {
    fake.down = true;
    const answer = parse(await search('downtime'));
    fake.down = false;
    expect(answer).toMatchObject({
      statusCode: 503,
      json: {
        error: { code: 'registrar_unavailable', message: expect.stringMatching(/try again/) },
      },
    });
  });
});
