/** The audit trail in memory, append-only as the DynamoDB adapter is (a conditional put). */
import type { AuditEntry, AuditLog, AuditTarget } from '../../../lambdas/ports/audit';
import { auditTargetKey } from '../../../lambdas/ports/audit';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

export class InMemoryAuditLog implements AuditLog {
  /** Every entry written, in order. */
  readonly entries: AuditEntry[] = [];

  async append(entry: AuditEntry): Promise<boolean> {
    await tick();
    const key = auditTargetKey(entry.target);
    if (this.entries.some((e) => auditTargetKey(e.target) === key && e.entryId === entry.entryId))
      return false;
    this.entries.push(structuredClone(entry));
    return true;
  }

  async listForTarget(target: AuditTarget): Promise<AuditEntry[]> {
    await tick();
    const key = auditTargetKey(target);
    return this.entries
      .filter((e) => auditTargetKey(e.target) === key)
      .sort((a, b) => a.at.localeCompare(b.at) || a.entryId.localeCompare(b.entryId))
      .map((e) => structuredClone(e));
  }

  async listForCustomer(customerId: string): Promise<AuditEntry[]> {
    await tick();
    return this.entries
      .filter((e) => e.customerId === customerId)
      .sort((a, b) => a.at.localeCompare(b.at))
      .map((e) => structuredClone(e));
  }
}
