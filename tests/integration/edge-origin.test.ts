/**
 * The edge's proof on the local stack (#26): the gateway adds `x-origin-verify` to every API
 * request as CloudFront does, over whatever the caller sent, so the same handlers that refuse a
 * direct call in AWS answer here; a caller's own guess never reaches them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';

let stack: Pick<LocalStack, 'baseUrl'>;
beforeAll(() => {
  stack = sharedStack();
});

describe('the local gateway in front of the API', () => {
  it("answers a public route with the route's own answer", async () => {
    const response = await fetch(`${stack.baseUrl}/api/plans/basichosting`);

    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: string }).id).toBe('basichosting');
  });

  it("sends the handlers its own origin header, not a caller's guess", async () => {
    const response = await fetch(`${stack.baseUrl}/api/plans/basichosting`, {
      headers: { 'x-origin-verify': 'a-guess-from-outside' },
    });

    expect(response.status).toBe(200);
  });
});
