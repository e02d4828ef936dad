/**
 * The modules the deployed bundles put in place of SDK pieces (infra/lib/constructs/sdk-bundling.ts
 * SDK_ALIASES): a client given the swapped credential provider signs with the role's credentials
 * from Lambda's environment, and the event-streams stand-in fails loudly if ever reached.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultProvider } from '../../../lambdas/config/lambda-credentials';
import {
  EventStreamSerde,
  eventStreamSerdeProvider,
} from '../../../lambdas/config/no-event-streams';

// Shaped like the variables Lambda sets for a function's execution role.
const LAMBDA_ROLE_ENV = {
  AWS_ACCESS_KEY_ID: 'ASIAQEXAMPLEKEY12345',
  AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  AWS_SESSION_TOKEN: 'IQoJb3JpZ2luX2VjEXAMPLE//////////wEaCmFwLXNvdXRoLTE',
};

describe('the credential provider of the deployed bundles', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("gives an SDK client the execution role's credentials from the environment", async () => {
    for (const [name, value] of Object.entries(LAMBDA_ROLE_ENV)) vi.stubEnv(name, value);
    vi.stubEnv('AWS_PROFILE', '');
    // As the aliased client's runtime config does: its default provider is this module's.
    const client = new DynamoDBClient({
      region: 'ap-south-1',
      credentialDefaultProvider: defaultProvider,
    });

    const credentials = await client.config.credentials();

    expect(credentials).toMatchObject({
      accessKeyId: LAMBDA_ROLE_ENV.AWS_ACCESS_KEY_ID,
      secretAccessKey: LAMBDA_ROLE_ENV.AWS_SECRET_ACCESS_KEY,
      sessionToken: LAMBDA_ROLE_ENV.AWS_SESSION_TOKEN,
    });
    client.destroy();
  });

  it('says what is missing when the environment holds no credentials', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');

    await expect(defaultProvider()()).rejects.toThrow(/environment variable credentials/);
  });
});

describe('the event streams left out of the deployed bundles', () => {
  it('fails at once, naming where they were left out', () => {
    expect(() => new EventStreamSerde()).toThrow(/sdk-bundling\.ts/);
    expect(() => eventStreamSerdeProvider()).toThrow(/event streams/);
  });
});
