/**
 * The Lambdas' bundles as the stack builds them (infra/lib/constructs/sdk-bundling.ts, the options
 * bench/lambda-bundles.ts also builds with): the SDK pieces no function runs stay out of them.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lambdaBuildOptions } from '../../../bench/lambda-bundles';
import { FUNCTIONS } from '../../../infra/lib/definitions/functions';

async function bundledInputs(entry: string): Promise<string[]> {
  const result = await build({
    ...lambdaBuildOptions('bundled', '/tmp/storefront-lambda-bundling-test/index.mjs'),
    entryPoints: [entry],
    write: false,
  });
  return Object.keys(result.metafile!.inputs);
}

describe('the deployed Lambda bundles', () => {
  it('carry the environment credentials alone, not the SDK default chain or its STS and SSO clients', async () => {
    const inputs = await bundledInputs(FUNCTIONS.contact.entry);

    expect(inputs).toContain('lambdas/config/lambda-credentials.ts');
    expect(inputs.some((i) => i.includes('node_modules/@aws-sdk/client-eventbridge/'))).toBe(true);
    for (const left of [
      '@aws-sdk/credential-provider-node/',
      '@aws-sdk/credential-provider-ini/',
      '@aws-sdk/credential-provider-sso/',
      '@aws-sdk/nested-clients/',
      '@smithy/credential-provider-imds/',
    ]) {
      expect(inputs.filter((i) => i.includes(left))).toEqual([]);
    }
  });

  it("leave out the SDK's event streams", async () => {
    const inputs = await bundledInputs(FUNCTIONS.plans.entry);

    expect(inputs).toContain('lambdas/config/no-event-streams.ts');
    expect(inputs.filter((i) => i.includes('submodules/event-streams/'))).toEqual([]);
  });
});
