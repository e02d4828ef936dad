/**
 * What a refund does to the service and the buyer's record (D4, D16), shared by a cancellation
 * and by refunds made in Razorpay's dashboard: the refunded periods are taken back in one write
 * conditioned on the service's version (as extensions are), and the buyer's current plan and
 * expiry are recomputed from what is still active.
 */
import { ledgerOf, planOfLedger } from '../../domain/ledger';
import { isCancelled, serviceAfterWithdrawal } from '../../domain/refunds';
import { isSameService } from '../../domain/services';
import type { LogPort } from '../../ports/logger';
import type { PurchasesStore } from '../../ports/purchases';
import { ledgerEntriesOf, type ServiceRecord, type ServicesStore } from '../../ports/services';
import type { CurrentPlan, UsersStore } from '../../ports/users';
import { serviceIdFor } from '../extend-service';

export interface EndServiceDeps {
  services: ServicesStore;
  purchases: Pick<PurchasesStore, 'listPurchases'>;
  users: UsersStore;
  log: LogPort;
}

/** Rounds of read-compute-write before giving up; each lost round means another write landed. */
const MAX_ROUNDS = 25;

export class ServiceChangedTooOftenError extends Error {
  override readonly name = 'ServiceChangedTooOftenError';
}

/**
 * Takes the periods of `purchaseIds` back from the service: they leave its ledger, the later
 * periods move up, its renewal date becomes the end of what is still paid for (D22), and it ends
 * now (cancelled) when nothing paid reaches beyond `now`.
 * Periods taken back before are left as they are, so a retry writes nothing. Answers the service
 * as it is afterwards and whether it has ended.
 */
export async function withdrawPeriods(
  deps: EndServiceDeps,
  ref: { userId: string; serviceId: string },
  purchaseIds: readonly string[],
  now: Date,
): Promise<{ service: ServiceRecord; ended: boolean } | undefined> {
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    const service = await deps.services.getService(ref.userId, ref.serviceId);
    if (!service) return undefined;
    const toTake = purchaseIds.filter((id) => {
      const period = service.periods[id];
      return period !== undefined && !period.refundedAt;
    });
    if (toTake.length === 0) return { service, ended: isCancelled(service) };
    // Goodwill days (issue #27) count while a paid period stands after the withdrawal.
    const periods = ledgerEntriesOf(service, new Set(toTake));
    const after = serviceAfterWithdrawal(periods, new Set(toTake), now);
    const at = now.toISOString();
    // A refunded plan change puts the service back on the plan before it (D26); converge then
    // moves the panel account back to that plan's package.
    const plan = planOfLedger(ledgerOf(periods, new Set(toTake)), service);
    const planChanged = plan.planId !== service.planId;
    const written = await deps.services.withdrawPeriods(
      ref,
      {
        purchaseIds: toTake,
        renewalDate: after.renewalDate,
        ...(after.ends ? { cancelledAt: at } : {}),
        ...(planChanged ? { plan } : {}),
        at,
      },
      service.version,
    );
    if (written) {
      deps.log.info(after.ends ? 'Service ended by a refund' : 'Refunded time taken back', {
        serviceId: ref.serviceId,
        purchaseIds: toTake,
        renewalDate: after.renewalDate,
      });
      const updated = await deps.services.getService(ref.userId, ref.serviceId);
      if (!updated) return undefined;
      return { service: updated, ended: after.ends };
    }
  }
  throw new ServiceChangedTooOftenError(
    `service ${ref.serviceId} kept changing; refunded periods not taken back yet`,
  );
}

/**
 * The buyer's currentPlan/expiry (D4) from what is still active: the active service that runs
 * longest (as a purchase never moves the expiry earlier), or none. Written only while the record
 * holds what was read, so a purchase applied meanwhile wins; then computed again.
 */
export async function recomputeCurrentPlan(
  deps: EndServiceDeps,
  userId: string,
  now: Date,
): Promise<CurrentPlan | null> {
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    const user = await deps.users.getUser(userId);
    if (!user) return null;
    const seen =
      user.currentPlan !== undefined && user.expiry !== undefined
        ? { currentPlan: user.currentPlan, expiry: user.expiry }
        : null;
    const next = await currentPlanOf(deps, userId, now);
    if (seen?.currentPlan === next?.currentPlan && seen?.expiry === next?.expiry) return next;
    if (await deps.users.replaceCurrentPlan(userId, seen, next, now.toISOString())) {
      deps.log.info('Current plan recomputed after a refund', {
        currentPlan: next?.currentPlan ?? null,
        expiry: next?.expiry ?? null,
      });
      return next;
    }
  }
  throw new ServiceChangedTooOftenError(`the record of ${userId} kept changing`);
}

async function currentPlanOf(
  deps: EndServiceDeps,
  userId: string,
  now: Date,
): Promise<CurrentPlan | null> {
  const [services, purchases] = await Promise.all([
    deps.services.listServices(userId),
    deps.purchases.listPurchases(userId),
  ]);
  const stored = new Set(services.map((s) => s.serviceId));
  const held = [
    // A bundle's part (D24) is not a plan held: its bundle is.
    ...services.filter((s) => !s.partOf && !isCancelled(s)),
    // What was bought before services were stored is still held by its purchases.
    ...purchases.filter(
      (p) =>
        !stored.has(p.serviceId ?? serviceIdFor(p.userId, p)) &&
        !services.some((s) => isSameService(p, s)),
    ),
  ];
  const active = held.filter((s) => new Date(s.renewalDate).getTime() > now.getTime());
  const longest = active.reduce<(typeof active)[number] | undefined>(
    (best, s) => (!best || s.renewalDate > best.renewalDate ? s : best),
    undefined,
  );
  return longest ? { currentPlan: longest.planId, expiry: longest.renewalDate } : null;
}
