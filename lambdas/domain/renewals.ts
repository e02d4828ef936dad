/**
 * The renewal life of a service (docs/decisions.md D17): reminders 30, 7 and 1 days before its
 * renewal date, a notice when it expires, and (hosting) suspension 7 days after. Each step falls
 * due at a known instant, is acted on at most once per service and renewal date, never early, and
 * a step that is overtaken by a later one before it was sent is skipped rather than sent late
 * (a "30 days left" mail with 6 days left would be untrue).
 *
 * Days are India's calendar days (IST, UTC+05:30, no daylight saving): "renews tomorrow" is said
 * on the day before the renewal date as a buyer in India reads it.
 */

export const RENEWAL_STEPS = [
  'reminder_30d',
  'reminder_7d',
  'reminder_1d',
  'expired',
  'suspended',
] as const;
export type RenewalStep = (typeof RENEWAL_STEPS)[number];

/** Days before the renewal date each reminder is sent. */
export const REMINDER_DAYS_BEFORE = { reminder_30d: 30, reminder_7d: 7, reminder_1d: 1 } as const;
/** Hosting is suspended on the panel this many days after it expired; nothing is deleted. */
export const SUSPEND_AFTER_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The instant India's calendar day that contains `instant` began. */
export function startOfIstDay(instant: Date): Date {
  const shifted = instant.getTime() + IST_OFFSET_MS;
  return new Date(shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS) - IST_OFFSET_MS);
}

/** India's calendar date of an instant, `YYYY-MM-DD`. */
export function istDate(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * When each step falls due. A reminder falls due as its day begins in India; the expiry notice at
 * the renewal instant itself (the service is active until then); suspension 7 days after it.
 */
export function dueAt(step: RenewalStep, renewalDate: Date): Date {
  switch (step) {
    case 'reminder_30d':
    case 'reminder_7d':
    case 'reminder_1d':
      return new Date(startOfIstDay(renewalDate).getTime() - REMINDER_DAYS_BEFORE[step] * DAY_MS);
    case 'expired':
      return renewalDate;
    case 'suspended':
      return new Date(renewalDate.getTime() + SUSPEND_AFTER_DAYS * DAY_MS);
  }
}

/** The steps a service goes through: suspension only where there is a panel account. */
export function stepsFor(service: { suspendable: boolean }): readonly RenewalStep[] {
  return service.suspendable ? RENEWAL_STEPS : RENEWAL_STEPS.filter((s) => s !== 'suspended');
}

export interface RenewalProgress {
  /** The steps already done (sent or skipped) for the current renewal date. */
  done: readonly RenewalStep[];
}

export interface RenewalPlan {
  /** The step to act on now, if any. */
  act?: RenewalStep;
  /** Earlier steps overtaken before they were done: recorded as skipped, never sent. */
  skip: RenewalStep[];
  /** When the next step falls due after these, for the due-date index; undefined when none is left. */
  nextDueAt?: Date;
}

/**
 * What to do for one service at `now`. Of the steps due and not done, only the latest reminder is
 * sent (earlier ones are skipped); the expiry notice and suspension are actions, never skipped.
 */
export function planRenewalStep(
  service: { renewalDate: Date; suspendable: boolean },
  progress: RenewalProgress,
  now: Date,
): RenewalPlan {
  const steps = stepsFor(service);
  const pending = steps.filter((s) => !progress.done.includes(s));
  const due = pending.filter((s) => dueAt(s, service.renewalDate).getTime() <= now.getTime());
  const nextAfter = (doneNow: readonly RenewalStep[]) =>
    pending
      .filter((s) => !doneNow.includes(s))
      .map((s) => dueAt(s, service.renewalDate))
      .sort((a, b) => a.getTime() - b.getTime())[0];

  if (due.length === 0) return { skip: [], nextDueAt: nextAfter([]) };
  // Actions (expiry, suspension) are taken in order, one per run of the plan; a reminder is only
  // sent while it is still the latest one due and the service has not expired.
  const firstAction = due.find((s) => s === 'expired' || s === 'suspended');
  if (firstAction) {
    const skip = due.filter((s) => s.startsWith('reminder_'));
    return { act: firstAction, skip, nextDueAt: nextAfter([...skip, firstAction]) };
  }
  const latest = due[due.length - 1] as RenewalStep;
  const skip = due.slice(0, -1);
  return { act: latest, skip, nextDueAt: nextAfter([...skip, latest]) };
}
