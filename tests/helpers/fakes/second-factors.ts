/** In-memory MFA settings: the accounts that have TOTP on, and every account asked about. */
import type { SecondFactors } from '../../../lambdas/ports/second-factor';

export class FakeSecondFactors implements SecondFactors {
  readonly withTotp: Set<string>;
  readonly asked: string[] = [];

  constructor(withTotp: Iterable<string> = []) {
    this.withTotp = new Set(withTotp);
  }

  async hasTotp(userId: string): Promise<boolean> {
    this.asked.push(userId);
    return this.withTotp.has(userId);
  }
}
