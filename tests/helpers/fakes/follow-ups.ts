/**
 * Converge's follow-ups in memory (E31), with the rules the contract spec
 * (tests/unit/contracts/follow-ups.test.ts) holds it and the EventBridge Scheduler adapter to: a
 * follow-up comes at the start of the slot its time falls in (rounded up), one per service and
 * slot however often it is asked for, and once it has come the same slot may be asked for again.
 * `due(now)` is the clock reaching `now`: what has come is handed over (as ServiceChanged details)
 * and forgotten. `down` makes every ask fail, as Scheduler unreachable does.
 */
import type { ServiceChangedDetail } from '../../../lambdas/domain/api';
import { followUpSlot, type FollowUpRef, type FollowUps } from '../../../lambdas/ports/follow-ups';

export interface AskedFollowUp {
  ref: FollowUpRef;
  /** When it comes: the start of its slot. */
  at: Date;
}

export class InMemoryFollowUps implements FollowUps {
  private readonly pending = new Map<string, AskedFollowUp>();
  /** Every ask that was taken (a repeat for a slot already asked for is not). */
  readonly asked: AskedFollowUp[] = [];
  down = false;

  constructor(readonly slotMs = 60_000) {}

  async convergeAt(ref: FollowUpRef, at: Date): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.down) throw new Error('EventBridge Scheduler is unavailable (simulated)');
    const slot = followUpSlot(at, this.slotMs);
    const key = `${ref.serviceId}@${slot.toISOString()}`;
    if (this.pending.has(key)) return;
    const followUp = { ref: { ...ref }, at: slot };
    this.pending.set(key, followUp);
    this.asked.push(followUp);
  }

  /** The follow-ups still to come, soonest first. */
  waiting(): AskedFollowUp[] {
    return [...this.pending.values()].sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  /** The clock reaches `now`: the follow-ups due by then, as the events they put on the bus. */
  due(now: Date): ServiceChangedDetail[] {
    const came: ServiceChangedDetail[] = [];
    for (const [key, followUp] of [...this.pending.entries()].sort(
      (a, b) => a[1].at.getTime() - b[1].at.getTime(),
    )) {
      if (followUp.at.getTime() > now.getTime()) continue;
      this.pending.delete(key);
      came.push({ ...followUp.ref, fact: 'follow-up', at: followUp.at.toISOString() });
    }
    return came;
  }

  /** Loses every follow-up still to come (a schedule deleted by hand, a region's outage). */
  lose(): void {
    this.pending.clear();
  }
}
