import {
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { CognitoIdentityDirectory } from '../../../../lambdas/adapters/cognito/identity-directory';
import {
  IdentityAttributesRejectedError,
  IdentityBusyError,
} from '../../../../lambdas/ports/identity';

const POOL_ID = 'ap-south-1_AbCdEfGhI';
const SUB = '5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c';

const client = new CognitoIdentityProviderClient({ region: 'ap-south-1' });
const cognitoMock = mockClient(client);
const directory = new CognitoIdentityDirectory(client, () => POOL_ID);

/** An error as the SDK throws it for a Cognito exception. */
function cognitoError(name: string): CognitoIdentityProviderServiceException {
  return new CognitoIdentityProviderServiceException({
    name,
    $fault: 'client',
    $metadata: { httpStatusCode: 400 },
    message: name,
  });
}

beforeEach(() => cognitoMock.reset());

describe('CognitoIdentityDirectory', () => {
  it("sets the name and phone_number of the user the token's sub names, in one admin call", async () => {
    cognitoMock.on(AdminUpdateUserAttributesCommand).resolves({});

    await directory.updateAttributes(SUB, { name: 'Asha Verma', phone: '+919812345678' });

    expect(
      cognitoMock.commandCalls(AdminUpdateUserAttributesCommand).map((c) => c.args[0].input),
    ).toEqual([
      {
        UserPoolId: POOL_ID,
        Username: SUB,
        UserAttributes: [
          { Name: 'name', Value: 'Asha Verma' },
          { Name: 'phone_number', Value: '+919812345678' },
        ],
      },
    ]);
  });

  it('sends only the attributes it is given, and nothing at all for none', async () => {
    cognitoMock.on(AdminUpdateUserAttributesCommand).resolves({});

    await directory.updateAttributes(SUB, { phone: '+919812345678' });
    await directory.updateAttributes(SUB, {});

    const calls = cognitoMock.commandCalls(AdminUpdateUserAttributesCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input.UserAttributes).toEqual([
      { Name: 'phone_number', Value: '+919812345678' },
    ]);
  });

  it.each([
    ['InvalidParameterException', IdentityAttributesRejectedError],
    ['TooManyRequestsException', IdentityBusyError],
    ['LimitExceededException', IdentityBusyError],
  ])('turns %s into the typed error the API answers readably', async (name, expected) => {
    cognitoMock.on(AdminUpdateUserAttributesCommand).rejects(cognitoError(name));

    await expect(directory.updateAttributes(SUB, { name: 'Asha' })).rejects.toBeInstanceOf(
      expected,
    );
  });

  it('lets any other failure through (the API answers 500 and logs it)', async () => {
    cognitoMock.on(AdminUpdateUserAttributesCommand).rejects(cognitoError('UserNotFoundException'));

    await expect(directory.updateAttributes(SUB, { name: 'Asha' })).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
  });
});
