/** An in-memory identity directory: the attributes Cognito would hold, and every change asked of it. */
import type { IdentityAttributes, IdentityDirectory } from '../../../lambdas/ports/identity';

export class FakeIdentityDirectory implements IdentityDirectory {
  readonly attributes = new Map<string, IdentityAttributes>();
  readonly calls: { userId: string; attributes: IdentityAttributes }[] = [];
  /** The next calls throw this, one each, until none are left. */
  failures: Error[] = [];

  async updateAttributes(userId: string, attributes: IdentityAttributes): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.calls.push({ userId, attributes: { ...attributes } });
    const failure = this.failures.shift();
    if (failure) throw failure;
    this.attributes.set(userId, { ...this.attributes.get(userId), ...attributes });
  }

  readonly deleted: string[] = [];

  async deleteUser(userId: string): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const failure = this.failures.shift();
    if (failure) throw failure;
    this.deleted.push(userId);
    this.attributes.delete(userId);
  }
}
