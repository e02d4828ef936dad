/**
 * The PurchaseCompleted detail as its consumers (the welcome mail, provisioning) read it off the
 * bus: checked against one schema, and a detail that fails it is thrown, never dropped.
 */
import * as z from 'zod/mini';
import type { PurchaseCompletedDetail } from '../../domain/api';
import { CATEGORIES } from '../../domain/plan';
import type { LogPort } from '../../ports/logger';

const text = z.string().check(z.minLength(1));
// Not strict: a field a newer publisher adds must not dead-letter every consumer.
export const purchaseCompletedSchema = z.object({
  purchaseId: text,
  userId: text,
  email: z.email(),
  name: z.string(),
  planId: text,
  planName: text,
  category: z.enum(CATEGORIES),
  months: z.int().check(z.positive()),
  purchaseDate: z.iso.datetime(),
  renewalDate: z.iso.datetime(),
  amountPaise: z.int().check(z.nonnegative()),
  paymentId: text,
  orderId: text,
  domain: z.optional(z.string()),
  invoiceNumber: z.optional(text),
  renewal: z.optional(z.boolean()),
  serviceId: z.optional(text),
  change: z.optional(z.object({ fromPlanName: text, remainingDays: z.int().check(z.positive()) })),
  freeDomain: z.optional(text),
}) satisfies z.ZodMiniType<PurchaseCompletedDetail>;

/**
 * A PurchaseCompleted detail that fails the schema. Thrown, never dropped: the bus retries it and
 * then dead-letters it, and the dead-letter alarm brings a person. The message names the fields
 * and what is wrong with them, never their values (an email address is personal data).
 */
export class MalformedPurchaseCompletedError extends Error {
  override readonly name = 'MalformedPurchaseCompletedError';
  constructor(readonly issues: string[]) {
    super(`PurchaseCompleted detail is malformed: ${issues.join('; ')}`);
  }
}

/** The checked detail, or MalformedPurchaseCompletedError (logged with the field names only). */
export function parsePurchaseCompleted(detail: unknown, log: LogPort): PurchaseCompletedDetail {
  const parsed = purchaseCompletedSchema.safeParse(detail);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map(
    (issue) => `${issue.path.join('.') || '(detail)'}: ${issue.code}`,
  );
  log.error('PurchaseCompleted detail is malformed; the bus will dead-letter it', { issues });
  throw new MalformedPurchaseCompletedError(issues);
}
