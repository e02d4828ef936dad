import {
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { SecondFactors } from '../../ports/second-factor';

/** How long a "yes, TOTP is on" is believed without asking Cognito again. */
export const TOTP_CACHE_MS = 60_000;

/**
 * The account's MFA settings through AdminGetUser (the one call the admin Lambda is granted on the
 * pool): TOTP is on when `UserMFASettingList` holds SOFTWARE_TOKEN_MFA. Cognito then asks every
 * sign-in for the code, so the setting says the session passed it. A "yes" is kept for a minute
 * per warm Lambda (a console page makes several calls at once); a "no" is never kept, so an
 * operator who has just set TOTP up gets in at once.
 */
export class CognitoSecondFactors implements SecondFactors {
  private readonly confirmed = new Map<string, number>();

  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly userPoolId: () => string,
    private readonly clock: () => number = Date.now,
  ) {}

  async hasTotp(userId: string): Promise<boolean> {
    const until = this.confirmed.get(userId);
    if (until !== undefined && until > this.clock()) return true;
    let list: string[];
    try {
      const user = await this.client.send(
        new AdminGetUserCommand({ UserPoolId: this.userPoolId(), Username: userId }),
      );
      list = user.UserMFASettingList ?? [];
    } catch (error) {
      // A token for an account deleted since: no second factor to speak of.
      if (error instanceof Error && error.name === 'UserNotFoundException') return false;
      throw error;
    }
    const on = list.includes('SOFTWARE_TOKEN_MFA');
    if (on) this.confirmed.set(userId, this.clock() + TOTP_CACHE_MS);
    else this.confirmed.delete(userId);
    return on;
  }
}
