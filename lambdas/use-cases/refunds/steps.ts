import type { RefundRecord, RefundsStore } from '../../ports/refunds';
import { RefundStepInProgressError } from './errors';

export interface StepDeps {
  refunds: RefundsStore;
  now: () => Date;
  /** How long a claim holds: longer than any one attempt at the step can take. */
  leaseMs: number;
}

/**
 * Does `work` for the record once: under a claim (one attempt at a time), then marked done. A step
 * done before is skipped ('done'); one another attempt holds is thrown (RefundStepInProgressError),
 * so the bus retries once its lease is over. A failing `work` gives the claim back and throws.
 * Only a crash between `work` and the mark repeats it, which is why steps that talk to Razorpay
 * find their earlier effect first (by the receipt) before acting.
 */
export async function onceStep(
  deps: StepDeps,
  record: Pick<RefundRecord, 'userId' | 'refundKey'>,
  step: string,
  work: () => Promise<void>,
): Promise<'done' | 'did'> {
  const { userId, refundKey } = record;
  const claim = await deps.refunds.claimStep(userId, refundKey, step, deps.now(), deps.leaseMs);
  if (claim.state === 'done') return 'done';
  if (claim.state === 'held') throw new RefundStepInProgressError(refundKey, step);
  try {
    await work();
  } catch (error) {
    await deps.refunds.releaseStep(userId, refundKey, step, claim.token).catch(() => undefined);
    throw error;
  }
  await deps.refunds.completeStep(userId, refundKey, step, deps.now().toISOString(), claim.token);
  return 'did';
}

/** Names of the once-only steps kept on a record. */
export const STEP = {
  requestPublished: 'requestPublished',
  requestMail: 'requestMail',
  completionPublished: 'completionPublished',
  completionMail: 'completionMail',
  creditNote: 'creditNote',
  gateway: (attempt: number) => `gateway:${attempt}`,
  failurePublished: (attempt: number) => `failurePublished:${attempt}`,
  failureMail: (attempt: number) => `failureMail:${attempt}`,
} as const;
