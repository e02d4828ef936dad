import type { AuditEntry, AuditTarget } from '../domain/admin';

export type { AuditEntry, AuditTarget };

/**
 * The operators' audit trail: append-only. An entry is written once, by a conditional put, and
 * never updated or deleted; no operation of this port can change or remove one.
 */
export interface AuditLog {
  /**
   * Writes the entry unless one with the same target and entry id exists; answers false (writing
   * nothing) then, so an action that may be retried can name its entry and be recorded once.
   */
  append(entry: AuditEntry): Promise<boolean>;
  /** What operators did to one target, oldest first. */
  listForTarget(target: AuditTarget): Promise<AuditEntry[]>;
  /** What operators did that touched one customer, oldest first. */
  listForCustomer(customerId: string): Promise<AuditEntry[]>;
}

/** The table's partition key of a target: `order#order_…`. */
export function auditTargetKey(target: AuditTarget): string {
  return `${target.kind}#${target.id}`;
}
