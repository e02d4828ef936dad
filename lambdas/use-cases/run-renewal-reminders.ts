/**
 * The daily renewal job (D17): for each service whose next renewal step is due at `now` (the
 * scheduled event's time), the reminder mail 30, 7 or 1 days before its renewal date, the expiry
 * notice when it expires, and for hosting the suspension on the panel 7 days later, with its mail.
 * Nothing is ever deleted.
 *
 * Exactly once per service, renewal date and step: a step is claimed on the service's item by a
 * write that holds only while the service still renews on that date and is not cancelled (so a
 * buyer who renewed or cancelled gets no mail), acted on, then completed. Runs at once meet on the
 * claim; a run that crashed leaves a claim that lapses after `leaseMs`, and the next run acts.
 * (A crash between a mail going out and its claim being completed sends that mail once more after
 * the lease: SES takes no idempotency key.)
 *
 * Cost follows the services due: the run reads the due-date index (only services with a step due)
 * and, per service acted on, its buyer and the writes of its claim. The index is taken a page at a
 * time, and the buyers of a page's services that have a step to act on are read in one batch.
 * A step is acted on from the item its claim's write answered, and a suspension's converge starts
 * from it too, so it reads nothing more (issue #30: 2 items per due service).
 */
import { renewalReminderMail } from '../templates/mail/renewal-reminder';
import { serviceExpiredMail } from '../templates/mail/service-expired';
import { serviceSuspendedMail } from '../templates/mail/service-suspended';
import type { Plan } from '../domain/plan';
import { quote } from '../domain/pricing';
import { priceCheckout } from '../domain/checkout-pricing';
import { isDomainPlanId } from '../domain/domain-names';
import { DomainError } from '../domain/errors';
import { autoRenewPriceRequest, debitLimitPaise, plannedDebitDate } from '../domain/auto-renew';
import {
  daysLeft,
  isSuspendable,
  renewalMonthsOf,
  renewalPlanOf,
  stepKey,
  stepsDoneFor,
} from '../domain/renewal-schedule';
import {
  dueAt,
  planRenewalStep,
  REMINDER_DAYS_BEFORE,
  RENEWAL_STEPS,
  type RenewalStep,
} from '../domain/renewals';
import type { LogPort } from '../ports/logger';
import type { Mailer } from '../ports/mail';
import type { ProvisioningRecords, Provisioner } from '../ports/provisioning';
import type { RenewalSchedule, ServiceRef } from '../ports/renewals';
import type { ServiceRecord, ServicesStore } from '../ports/services';
import { convergeService } from './converge-service';
import type { UserRecord, UsersStore } from '../ports/users';
import type { MailAbout } from '../domain/mail-log';

export interface RunRenewalRemindersDeps {
  schedule: RenewalSchedule;
  users: Pick<UsersStore, 'getUser' | 'getUsers'>;
  /** The catalog as checkout prices it: the mails quote its renewal price. */
  plans: () => Promise<readonly Plan[]>;
  mailer: Mailer;
  /** The services, for converge to read their life and record what it did (D22). */
  services: Pick<ServicesStore, 'getService' | 'recordLife'>;
  /** The services' provisioning state (converge's suspension moves it from ready to suspended). */
  provisioning: ProvisioningRecords;
  /** The hosting panel. */
  panel: Provisioner;
  siteUrl: () => string;
  log: LogPort;
  /** The wall clock, for claim leases: a crashed run's claim lapses in real time, not job time. */
  clock: () => Date;
  /** How long a step's claim holds before another run may take it over. */
  leaseMs: number;
  /** Services handled at once. */
  concurrency?: number;
}

/** What one run did; `read` counts the services the index gave it. */
export interface RenewalRunSummary {
  read: number;
  /** Steps acted on: reminders sent, services expired, services suspended. */
  acted: number;
  /** Mails sent. */
  sent: number;
  expired: number;
  suspended: number;
  /** Steps done without a mail (overtaken reminders, nothing to suspend) and services another run held. */
  skipped: number;
  /** Services whose step failed; the next run tries again. */
  failed: number;
}

/** A claim outlives any one service's handling (a panel call and a mail) many times over. */
export const RENEWAL_CLAIM_LEASE_MS = 15 * 60 * 1000;
const DEFAULT_CONCURRENCY = 8;
/** Due services taken from the index at once; their buyers are read in one batch (BatchGetItem's 100 keys). */
const PAGE_SIZE = 100;

type StepOutcome = 'reminded' | 'expired' | 'suspended' | 'nothing';

export async function runRenewalReminders(
  deps: RunRenewalRemindersDeps,
  now: Date,
  runId: string,
): Promise<RenewalRunSummary> {
  const summary: RenewalRunSummary = {
    read: 0,
    acted: 0,
    sent: 0,
    expired: 0,
    suspended: 0,
    skipped: 0,
    failed: 0,
  };
  const run = new RunContext(deps, now, runId, summary);
  const due = deps.schedule.listDue(now)[Symbol.asyncIterator]();
  for (;;) {
    const page: ServiceRecord[] = [];
    while (page.length < PAGE_SIZE) {
      const next = await due.next();
      if (next.done) break;
      page.push(next.value);
    }
    if (!page.length) break;
    summary.read += page.length;
    run.readBuyersOf(page);
    let taken = 0;
    const worker = async () => {
      while (taken < page.length) await run.handle(page[taken++]!);
    };
    await Promise.all(Array.from({ length: deps.concurrency ?? DEFAULT_CONCURRENCY }, worker));
  }
  deps.log.info('Renewal job finished', { now: now.toISOString(), runId, ...summary });
  return summary;
}

class RunContext {
  private plans: Promise<readonly Plan[]> | undefined;
  private readonly users = new Map<string, Promise<UserRecord | undefined>>();

  constructor(
    private readonly deps: RunRenewalRemindersDeps,
    private readonly now: Date,
    private readonly runId: string,
    private readonly summary: RenewalRunSummary,
  ) {}

  /**
   * Starts one batch read of the buyers that these services' mails will need: those whose index
   * copy has a step to act on now (one that turns out not to is read for nothing, as a service
   * the index had wrong). A buyer read already this run is not read again.
   */
  readBuyersOf(page: readonly ServiceRecord[]): void {
    const userIds = new Set<string>();
    for (const service of page) {
      if (service.cancelledAt || this.users.has(service.userId)) continue;
      const plan = planRenewalStep(
        {
          renewalDate: new Date(service.renewalDate),
          suspendable: isSuspendable(service.category),
        },
        { done: stepsDoneFor(service.renewalDate, service.renewalDone) },
        this.now,
      );
      if (plan.act) userIds.add(service.userId);
    }
    if (!userIds.size) return;
    const batch = this.deps.users.getUsers([...userIds]);
    for (const userId of userIds) {
      const user = batch.then((found) => found.get(userId));
      // A failed batch fails only the services whose buyer is then awaited, as a failed getUser would.
      user.catch(() => undefined);
      this.users.set(userId, user);
    }
  }

  /** Acts on every step of the service due now, one claim at a time. */
  async handle(listed: ServiceRecord): Promise<void> {
    const { schedule, log } = this.deps;
    const ref: ServiceRef = { userId: listed.userId, serviceId: listed.serviceId };
    let service: ServiceRecord | undefined = listed;
    try {
      // Each round acts on one step or reads the service again; a few rounds cover every step.
      for (let round = 0; service && round < RENEWAL_STEPS.length * 2; round += 1) {
        if (service.cancelledAt) {
          await schedule.unschedule(ref);
          return;
        }
        const renewalDate = service.renewalDate;
        const plan = planRenewalStep(
          { renewalDate: new Date(renewalDate), suspendable: isSuspendable(service.category) },
          { done: stepsDoneFor(renewalDate, service.renewalDone) },
          this.now,
        );
        const nextDueAt = plan.nextDueAt?.toISOString();
        if (!plan.act) {
          // Nothing due: the index was behind the item. Point it at the next step.
          if (!plan.skip.length && service.nextDueAt === nextDueAt) return;
          if (await schedule.record(ref, renewalDate, plan.skip, nextDueAt)) return;
          service = await schedule.get(ref);
          continue;
        }
        const claim = await schedule.claim(
          ref,
          renewalDate,
          plan.act,
          this.deps.clock(),
          this.deps.leaseMs,
        );
        if (claim.state === 'held') {
          this.summary.skipped += 1;
          return;
        }
        if (claim.state === 'stale') {
          // Renewed, cancelled or done since the index was written: plan from the item itself.
          service = await schedule.get(ref);
          continue;
        }
        let outcome: StepOutcome;
        try {
          // The service as the claim's write answered it: fresher than the index's copy, no read.
          outcome = await this.act(claim.service, plan.act);
        } catch (error) {
          await schedule.release(ref, claim.token).catch((releaseError: unknown) => {
            log.error('Could not release a renewal claim; it lapses on its own', {
              serviceId: ref.serviceId,
              error: messageOf(releaseError),
            });
          });
          throw error;
        }
        const steps = [...plan.skip, plan.act];
        await schedule.complete(ref, renewalDate, claim.token, steps, nextDueAt);
        this.tally(outcome, plan.skip.length);
        log.info('Renewal step done', {
          serviceId: ref.serviceId,
          renewalDate,
          step: plan.act,
          skipped: plan.skip,
          outcome,
        });
        // A service the job reaches late may have a later step due as well.
        service = {
          ...service,
          renewalDone: new Set([
            ...(service.renewalDone ?? []),
            ...steps.map((step) => stepKey(renewalDate, step)),
          ]),
          ...(nextDueAt ? { nextDueAt } : {}),
        };
        if (!nextDueAt) delete service.nextDueAt;
      }
    } catch (error) {
      this.summary.failed += 1;
      log.error('Renewal step failed; the next run tries again', {
        serviceId: ref.serviceId,
        error: messageOf(error),
      });
    }
  }

  private tally(outcome: StepOutcome, overtaken: number): void {
    const s = this.summary;
    s.skipped += overtaken;
    if (outcome === 'nothing') {
      s.skipped += 1;
      return;
    }
    s.acted += 1;
    if (outcome === 'expired') s.expired += 1;
    if (outcome === 'suspended') s.suspended += 1;
  }

  private async act(service: ServiceRecord, step: RenewalStep): Promise<StepOutcome> {
    const renewalPricePaise = await this.renewalPrice(service);
    if (step === 'suspended') return this.suspend(service, renewalPricePaise);
    if (renewalPricePaise === undefined) {
      // A plan that left the catalog cannot be renewed through checkout: no link to send.
      this.deps.log.error('Service of a plan no longer in the catalog; no renewal mail', {
        serviceId: service.serviceId,
        planId: service.planId,
      });
      return 'nothing';
    }
    const user = await this.buyer(service.userId);
    const common = {
      name: user.name,
      // The plan renewed (D26: a smaller one chosen for this date): Renew opens its checkout.
      planId: renewalPlanOf(service).planId,
      planName: service.planName,
      category: service.category,
      ...(service.domain ? { domain: service.domain } : {}),
      renewalPricePaise,
      renewalMonths: renewalMonthsOf(service),
      siteUrl: this.deps.siteUrl(),
      ...(isSuspendable(service.category)
        ? { suspendsOn: dueAt('suspended', new Date(service.renewalDate)).toISOString() }
        : {}),
    };
    if (step === 'expired') {
      await this.mail(user, serviceExpiredMail({ ...common, expiredOn: service.renewalDate }), {
        kind: 'service-expired',
        ref: service.serviceId,
      });
      return 'expired';
    }
    const autoRenew = await this.scheduledDebit(service);
    await this.mail(
      user,
      renewalReminderMail({
        ...common,
        ...(autoRenew ? { autoRenew } : {}),
        renewalDate: service.renewalDate,
        // Its own count (30, 7, 1) on its day; what is truly left when the service was bought
        // with less time than that to go, so the mail never says more than is left.
        daysBefore: Math.min(REMINDER_DAYS_BEFORE[step], daysLeft(service.renewalDate, this.now)),
      }),
      { kind: 'renewal-reminder', ref: service.serviceId },
    );
    return 'reminded';
  }

  /**
   * Seven days after expiry (D17) the service's desired state is suspended (D22): converge, the
   * one place a provider is acted on, suspends its account, and the buyer is mailed once it is.
   * A buyer who renewed or cancelled meanwhile has another desired state, which converge follows;
   * nothing is mailed then. The panel down or another attempt acting on the account: thrown, so
   * the step is tried again by the next run (and converge recorded it out of step for the
   * reconciler).
   */
  private async suspend(
    service: ServiceRecord,
    renewalPricePaise: number | undefined,
  ): Promise<StepOutcome> {
    const { userId, serviceId } = service;
    const cycle = service.autoRenew?.cycle;
    if (cycle?.inFlightPaymentId && cycle.renewalDate === service.renewalDate) {
      // D25: never suspended while its auto-renew debit is in flight; the next run looks again.
      throw new DebitInFlightError(serviceId);
    }
    const result = await convergeService(
      {
        services: this.deps.services,
        records: this.deps.provisioning,
        panel: this.deps.panel,
        log: this.deps.log,
        now: () => this.now,
      },
      { userId, serviceId },
      // Converge starts from the item the step's claim answered (issue #30): no read of its own.
      { deliveryId: `renewal-reminders:${this.runId}`, rethrow: true, service },
    );
    if (result.outcome === 'not_found' || result.desired !== 'suspended') return 'nothing';
    if (result.actual !== 'suspended') {
      this.deps.log.warn('Expired hosting has no panel account to suspend', {
        serviceId,
        state: result.actual,
      });
      return 'nothing';
    }
    if (renewalPricePaise === undefined) return 'suspended';
    const user = await this.buyer(userId);
    await this.mail(
      user,
      serviceSuspendedMail({
        name: user.name,
        planId: service.planId,
        planName: service.planName,
        ...(service.domain ? { domain: service.domain } : {}),
        expiredOn: service.renewalDate,
        suspendedOn: this.now.toISOString(),
        renewalPricePaise,
        renewalMonths: renewalMonthsOf(service),
        siteUrl: this.deps.siteUrl(),
      }),
      { kind: 'service-suspended', ref: serviceId },
    );
    return 'suspended';
  }

  /**
   * The auto-renew debit that will carry this renewal (D25): on, a confirmed mandate, and an
   * amount it may debit without the buyer; undefined otherwise (the reminder asks them to renew).
   */
  private async scheduledDebit(
    service: ServiceRecord,
  ): Promise<
    { mandateLabel: string; amountPaise: number; months: number; debitOn: string } | undefined
  > {
    const auto = service.autoRenew;
    if (!auto?.enabled || auto.mandate?.status !== 'confirmed') return undefined;
    this.plans ??= this.deps.plans();
    const plans = await this.plans;
    let quoted;
    try {
      quoted = priceCheckout(
        plans,
        autoRenewPriceRequest({ ...service, isDomain: isDomainPlanId(service.planId) }),
      );
    } catch (error) {
      if (error instanceof DomainError) return undefined;
      throw error;
    }
    if (quoted.totalPaise > debitLimitPaise(auto.mandate)) return undefined;
    return {
      mandateLabel: auto.mandate.label,
      amountPaise: quoted.totalPaise,
      months: quoted.months,
      debitOn: plannedDebitDate(new Date(service.renewalDate)).toISOString(),
    };
  }

  /**
   * The buyer's own renewal at the renewal price, GST included (the mails' figure): their period
   * (renewalMonthsOf) with its duration discount; undefined: no such plan.
   */
  private async renewalPrice(service: ServiceRecord): Promise<number | undefined> {
    this.plans ??= this.deps.plans();
    const plans = await this.plans;
    // The plan renewed: a smaller one chosen for this renewal date is priced (D26).
    const { planId } = renewalPlanOf(service);
    if (!plans.some((p) => p.id === planId)) return undefined;
    // Checkout's own price (D14, D21): a domain's year by its name, any other plan's own period.
    const request = isDomainPlanId(planId)
      ? { planId, domain: service.domain, years: 1 }
      : { planId, months: renewalMonthsOf(service) };
    try {
      return priceCheckout(plans, { ...request, renewal: true }).totalPaise;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // A domain bought before D21 whose name checkout no longer sells: still reminded, at its
      // plan's catalog renewal price (a .com year).
      const plan = plans.find((p) => p.id === planId);
      return plan && quote(plan, 12, null, { renewal: true }).totalPaise;
    }
  }

  private async buyer(userId: string): Promise<UserRecord> {
    let user = this.users.get(userId);
    if (!user) {
      user = this.deps.users.getUser(userId);
      this.users.set(userId, user);
    }
    const found = await user;
    if (!found?.email) throw new Error(`No email on record for the buyer of a service`);
    return found;
  }

  private async mail(
    user: UserRecord,
    content: { subject: string; html: string; text: string },
    about: Omit<MailAbout, 'userId'>,
  ): Promise<void> {
    await this.deps.mailer.send({
      to: user.email,
      ...content,
      about: { userId: user.userId, ...about },
    });
    // Counted as it goes, not per step: a suspension of a plan no longer sold mails nobody.
    this.summary.sent += 1;
  }
}

/** A suspension waits while an auto-renew debit is in flight (D25). */
export class DebitInFlightError extends Error {
  override readonly name = 'DebitInFlightError';
  constructor(serviceId: string) {
    super(`Auto-renew debit in flight for service ${serviceId}; suspension waits for it`);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
