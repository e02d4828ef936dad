import {
  AdminDeleteUserCommand,
  AdminUpdateUserAttributesCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  IdentityAttributesRejectedError,
  IdentityBusyError,
  type IdentityAttributes,
  type IdentityDirectory,
} from '../../ports/identity';

const THROTTLED = new Set(['TooManyRequestsException', 'LimitExceededException']);

/**
 * The user pool's attributes through AdminUpdateUserAttributes, and the account's deletion through
 * AdminDeleteUser: the two calls the profile Lambda is granted. The pool signs buyers in by email, so each user's username is their `sub`: the user id
 * the API's token names.
 */
export class CognitoIdentityDirectory implements IdentityDirectory {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly userPoolId: () => string,
  ) {}

  async updateAttributes(userId: string, attributes: IdentityAttributes): Promise<void> {
    const userAttributes: AttributeType[] = [];
    if (attributes.name !== undefined)
      userAttributes.push({ Name: 'name', Value: attributes.name });
    if (attributes.phone !== undefined) {
      userAttributes.push({ Name: 'phone_number', Value: attributes.phone });
    }
    if (userAttributes.length === 0) return;
    try {
      await this.client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: this.userPoolId(),
          Username: userId,
          UserAttributes: userAttributes,
        }),
      );
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'InvalidParameterException') throw new IdentityAttributesRejectedError();
      if (THROTTLED.has(name)) throw new IdentityBusyError();
      throw error;
    }
  }

  async deleteUser(userId: string): Promise<void> {
    try {
      await this.client.send(
        new AdminDeleteUserCommand({ UserPoolId: this.userPoolId(), Username: userId }),
      );
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'UserNotFoundException') return;
      if (THROTTLED.has(name)) throw new IdentityBusyError();
      throw error;
    }
  }
}
