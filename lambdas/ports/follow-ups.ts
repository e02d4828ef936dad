/**
 * Converge's own next pass (E31): a pass that leaves a VPS's clone or reinstall running on the
 * provider, or a domain transfer in that has just begun, asks for the service to be converged
 * again at a time, instead of throwing for the bus to retry (the retries run out long before a
 * full clone ends, and each throw is a function error the alarm counts). What comes then is a
 * `ServiceChanged {fact: "follow-up"}` for the service on the bus, which converge consumes like
 * any other. The reconciler (every 15 minutes) stays the backstop for a follow-up that is lost.
 */
export interface FollowUpRef {
  userId: string;
  serviceId: string;
}

export interface FollowUps {
  /**
   * Asks for the service to be converged again at `at`, or at the start of the provider's next
   * slot after it (a minute in AWS). Asking again for the same service in the same slot is the
   * same follow-up: however often converge passes, one event per service and slot. Throws when
   * the follow-up could not be asked for (the caller then falls back on the bus's retries).
   */
  convergeAt(ref: FollowUpRef, at: Date): Promise<void>;
}

/** The start of the slot a follow-up asked for at `at` comes in: `at` rounded up to the slot. */
export function followUpSlot(at: Date, slotMs: number): Date {
  return new Date(Math.ceil(at.getTime() / slotMs) * slotMs);
}
