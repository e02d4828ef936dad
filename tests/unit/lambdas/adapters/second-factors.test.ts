import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CognitoSecondFactors,
  TOTP_CACHE_MS,
} from '../../../../lambdas/adapters/cognito/second-factors';

const POOL_ID = 'ap-south-1_AbCdEfGhI';
const SUB = '9b2d7c1e-3f4a-4b5c-8d6e-7f8a9b0c1d2e';

const client = new CognitoIdentityProviderClient({ region: 'ap-south-1' });
const cognitoMock = mockClient(client);
let now = 1_000_000;
let factors: CognitoSecondFactors;

beforeEach(() => {
  cognitoMock.reset();
  now = 1_000_000;
  factors = new CognitoSecondFactors(
    client,
    () => POOL_ID,
    () => now,
  );
});

const calls = () => cognitoMock.commandCalls(AdminGetUserCommand).map((c) => c.args[0].input);

describe('CognitoSecondFactors (D28)', () => {
  it("reads the account's MFA settings with AdminGetUser: TOTP on when SOFTWARE_TOKEN_MFA is listed", async () => {
    cognitoMock.on(AdminGetUserCommand).resolves({
      Username: SUB,
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
    });

    await expect(factors.hasTotp(SUB)).resolves.toBe(true);
    expect(calls()).toEqual([{ UserPoolId: POOL_ID, Username: SUB }]);
  });

  it.each([[undefined], [[]], [['SMS_MFA']]])('says no for the list %j', async (list) => {
    cognitoMock.on(AdminGetUserCommand).resolves({ Username: SUB, UserMFASettingList: list });

    await expect(factors.hasTotp(SUB)).resolves.toBe(false);
  });

  it('believes a "yes" for a minute, then asks again', async () => {
    cognitoMock.on(AdminGetUserCommand).resolves({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
    await factors.hasTotp(SUB);
    now += TOTP_CACHE_MS - 1;
    await factors.hasTotp(SUB);
    expect(calls()).toHaveLength(1);

    cognitoMock.on(AdminGetUserCommand).resolves({ UserMFASettingList: [] });
    now += 1;
    await expect(factors.hasTotp(SUB)).resolves.toBe(false);
    expect(calls()).toHaveLength(2);
  });

  it('never keeps a "no": an operator who has just set TOTP up gets in at once', async () => {
    cognitoMock
      .on(AdminGetUserCommand)
      .resolvesOnce({ UserMFASettingList: [] })
      .resolves({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });

    await expect(factors.hasTotp(SUB)).resolves.toBe(false);
    await expect(factors.hasTotp(SUB)).resolves.toBe(true);
  });

  it('says no for an account that no longer exists, and lets other failures through', async () => {
    const error = (name: string) =>
      new CognitoIdentityProviderServiceException({
        name,
        $fault: 'client',
        $metadata: { httpStatusCode: 400 },
        message: name,
      });
    cognitoMock.on(AdminGetUserCommand).rejects(error('UserNotFoundException'));
    await expect(factors.hasTotp(SUB)).resolves.toBe(false);

    cognitoMock.reset();
    cognitoMock.on(AdminGetUserCommand).rejects(error('TooManyRequestsException'));
    await expect(factors.hasTotp(SUB)).rejects.toThrow('TooManyRequestsException');
  });
});
