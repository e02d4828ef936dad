/**
 * The model of one buyer's hosting service for the model-based test of issue #22
 * (tests/unit/lifecycle/model.test.ts): fast-check commands over a LifeWorld, the model's own
 * reading of what the service should be (written apart from lambdas/domain/ledger.ts and
 * lifecycle.ts, so that it checks them), and the invariants checked once the system is quiet.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { ledgerOf } from '../../lambdas/domain/ledger';
import { isWithinWindow, MIN_REFUND_PAISE } from '../../lambdas/domain/refunds';
import type { ServiceState } from '../../lambdas/domain/lifecycle';
import type { Months } from '../../lambdas/domain/pricing';
import { addMonths } from '../../lambdas/domain/services';
import { lifeOfService } from '../../lambdas/use-cases/converge-service';
import { openControlPanel } from '../../lambdas/use-cases/open-control-panel';
import { armCrash, DAY, HOUR, MINUTE, type LifeWorld } from './life-world';

export interface ModelPayment {
  paymentId: string;
  months: Months;
  paidAt: string;
  amountPaise: number;
  /** What Razorpay's dashboard gave back of it, short of all. */
  outsidePaise: number;
  /** Refunded in full (by a cancellation or Razorpay's dashboard) or charged back. */
  withdrawn: boolean;
  dispute?: 'open' | 'won' | 'lost';
}

export interface LifeStats {
  /** Commands run. */
  steps: number;
  /** Crashes that happened mid-step, and events the bus gave up on (dead-lettered). */
  crashes: number;
  deadLetters: number;
  /** Services the reconciler found out of step and handed to converge again. */
  outOfStep: number;
}

export const newStats = (): LifeStats => ({ steps: 0, crashes: 0, deadLetters: 0, outOfStep: 0 });

export interface LifeModel {
  payments: ModelPayment[];
  /** When a withdrawal last left nothing paid beyond its moment (cleared by a payment). */
  endedAt?: string;
  hold: boolean;
  webhooks: number;
  /** What the runs did, for the report. */
  stats: LifeStats;
}

export function emptyModel(stats: LifeStats): LifeModel {
  return { payments: [], hold: false, webhooks: 0, stats };
}

/** The model's paid-until: unrefunded payments end to end in payment order, never before paid. */
export function modelPaidUntil(model: Pick<LifeModel, 'payments'>): Date | undefined {
  const kept = model.payments
    .filter((p) => !p.withdrawn)
    .sort((a, b) => a.paidAt.localeCompare(b.paidAt) || a.paymentId.localeCompare(b.paymentId));
  let end: Date | undefined;
  for (const p of kept) {
    const paid = new Date(p.paidAt);
    end = addMonths(end && end > paid ? end : paid, p.months);
  }
  return end;
}

/** What the service should be at `now`, as the table says. */
export function modelState(model: LifeModel, now: Date): ServiceState | 'none' {
  if (model.payments.length === 0) return 'none';
  const until = modelPaidUntil(model);
  if (!until) return 'ended';
  if (model.endedAt && until.getTime() <= new Date(model.endedAt).getTime()) return 'ended';
  const expired = now.getTime() >= until.getTime() + 7 * DAY;
  const disputed = model.payments.some((p) => p.dispute === 'open');
  if (expired || disputed || model.hold) return 'suspended';
  return now.getTime() >= until.getTime() ? 'grace' : 'active';
}

function withdraw(model: LifeModel, payments: ModelPayment[], at: Date): void {
  // A payment already refunded withdraws nothing more (a dispute lost on it afterwards included):
  // the service's paid time, and so its end, are what they were.
  const fresh = payments.filter((p) => !p.withdrawn);
  if (fresh.length === 0) return;
  for (const p of fresh) p.withdrawn = true;
  const until = modelPaidUntil(model);
  if (!until || until.getTime() <= at.getTime()) model.endedAt = at.toISOString();
}

// ---------------------------------------------------------------------------------------------
// Crashes of a consumer mid-step: armed for one command, taken away after its bus drained.

export const CRASH_POINTS = [
  ['records', 'claim', 'after'],
  ['records', 'choose', 'before'],
  ['records', 'settle', 'before'],
  ['records', 'settle', 'after'],
  ['panel', 'summary', 'before'],
  ['panel', 'create', 'before'],
  ['panel', 'create', 'after'],
  ['panel', 'suspend', 'after'],
  ['panel', 'unsuspend', 'after'],
  ['services', 'recordLife', 'before'],
  ['services', 'recordLife', 'after'],
  ['mailer', 'send', 'before'],
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

const crashArb = fc.option(fc.constantFrom(...CRASH_POINTS), { freq: 3 });

async function withCrash(
  world: LifeWorld,
  crash: CrashPoint | null,
  act: () => Promise<unknown>,
): Promise<void> {
  const disarm = crash ? armCrash(world[crash[0]], crash[1], crash[2]) : () => false;
  try {
    await act();
    await world.drain();
  } finally {
    if (disarm()) world.crashes += 1;
  }
}

const crashText = (crash: CrashPoint | null) => (crash ? ` [crash ${crash.join('.')}]` : '');

// ---------------------------------------------------------------------------------------------
// The invariants, once the system is quiet.

const READY = / is ready$/;
const LIVE: readonly string[] = ['setting_up', 'active', 'grace'];

export async function checkQuiet(model: LifeModel, world: LifeWorld): Promise<void> {
  const now = world.now();
  const service = await world.service();
  const expected = modelState(model, now);
  if (!service) {
    expect(expected).toBe('none');
    expect(world.panel.accounts.size).toBe(0);
    return;
  }
  const life = lifeOfService(service, now);
  const ledger = ledgerOf(service.periods);
  const where = `at ${now.toISOString()}, service ${JSON.stringify({ ...service, renewalDone: undefined })}`;

  // (a) paid time: the stored renewal date is the ledger's end, which is the model's.
  const paidUntil = modelPaidUntil(model)?.toISOString();
  expect(ledger.paidUntil, where).toBe(paidUntil);
  if (ledger.paidUntil) expect(service.renewalDate, where).toBe(ledger.paidUntil);
  // (c) a refunded period never counts; what counts is what the model says is unrefunded.
  expect(ledger.periods.map((p) => p.paymentId).sort(), where).toEqual(
    model.payments
      .filter((p) => !p.withdrawn)
      .map((p) => p.paymentId)
      .sort(),
  );
  for (const period of ledger.periods) {
    expect(service.periods[period.purchaseId]?.refundedAt, where).toBeUndefined();
  }
  // The desired state is the model's.
  expect(life.state, where).toBe(expected);

  // (b) the WHM account is live iff the service is active or in grace; made once quiet.
  const p = service.provisioning;
  const account = p?.username ? world.panel.accounts.get(p.username) : undefined;
  if (life.state === 'active' || life.state === 'grace') {
    expect(p?.state, where).toBe('ready');
    expect(account, where).toMatchObject({ suspended: false });
  } else {
    expect(life.state, where).not.toBe('setting_up');
    if (account) expect(account.suspended, where).toBe(true);
  }
  // (e) exactly one panel account per service, made once.
  expect(world.panel.accounts.size, where).toBeLessThanOrEqual(1);
  expect(world.panel.creates, where).toBeLessThanOrEqual(1);
  if (world.panel.accounts.size === 1) expect(account, where).toBeDefined();
  // (f) in step, while the panel is up.
  expect(service.life, where).toBeDefined();
  expect(service.life?.outOfStepSince, where).toBeUndefined();

  // (d) no mail contradicts the state it was sent in; the ready mail once, when announced.
  for (const mail of world.mailer.sent) {
    const text = `${mail.subject} sent at ${mail.at} while ${mail.state}`;
    if (READY.test(mail.subject)) expect(LIVE, text).toContain(mail.state);
    if (/ is suspended$/.test(mail.subject)) expect(mail.state, text).toBe('suspended');
    if (/ has expired$/.test(mail.subject)) {
      expect(['grace', 'suspended'], text).toContain(mail.state);
    }
    if (/ expires /.test(mail.subject))
      expect(['ended', 'removed'], text).not.toContain(mail.state);
  }
  expect(world.readyMails().length, where).toBe(p?.announcedAt ? 1 : 0);

  // Panel login answers as the desired state does.
  const login = await openControlPanel(world, world.buyer.userId, world.serviceId).then(
    () => 'open',
    (error: unknown) => (error instanceof Error ? error.name : String(error)),
  );
  expect(login, where).toBe(
    life.state === 'active' || life.state === 'grace' ? 'open' : 'PanelLoginRefusedError',
  );
}

// ---------------------------------------------------------------------------------------------
// The commands.

type Cmd = fc.AsyncCommand<LifeModel, LifeWorld>;

abstract class LifeCommand implements Cmd {
  abstract check(model: Readonly<LifeModel>): boolean;
  abstract act(model: LifeModel, world: LifeWorld): Promise<void>;
  abstract toString(): string;
  async run(model: LifeModel, world: LifeWorld): Promise<void> {
    const { stats } = model;
    const before = {
      dead: world.bus.deadLetters.length,
      crashes: world.crashes,
      reconciled: world.reconciled,
    };
    stats.steps += 1;
    await this.act(model, world);
    await world.quiet(() => checkQuiet(model, world));
    stats.deadLetters += world.bus.deadLetters.length - before.dead;
    stats.crashes += world.crashes - before.crashes;
    stats.outOfStep += world.reconciled - before.reconciled;
  }
}

/** The payments a command may act on, the `index`-th of them picked. */
function pick(
  model: Readonly<LifeModel>,
  index: number,
  eligible: (p: ModelPayment) => boolean,
): ModelPayment | undefined {
  const found = model.payments.filter(eligible);
  return found.length ? found[index % found.length] : undefined;
}

class Buy extends LifeCommand {
  constructor(
    readonly months: Months,
    readonly crash: CrashPoint | null,
  ) {
    super();
  }
  check(model: Readonly<LifeModel>) {
    return model.payments.length < 6;
  }
  async act(model: LifeModel, world: LifeWorld) {
    await withCrash(world, this.crash, async () => {
      const paid = await world.buy(this.months);
      model.payments.push({ ...paid, months: this.months, outsidePaise: 0, withdrawn: false });
      delete model.endedAt;
    });
  }
  toString() {
    return `buy(${this.months})${crashText(this.crash)}`;
  }
}

class Cancel extends LifeCommand {
  constructor(readonly crash: CrashPoint | null) {
    super();
  }
  check(model: Readonly<LifeModel>) {
    return model.payments.length > 0;
  }
  async act(model: LifeModel, world: LifeWorld) {
    const now = world.now();
    const refunded = model.payments.filter(
      (p) =>
        !p.withdrawn &&
        isWithinWindow(p.paidAt, now) &&
        p.amountPaise - p.outsidePaise >= MIN_REFUND_PAISE,
    );
    await withCrash(world, this.crash, async () => {
      // Refused (409) when nothing is within its 30 days: nothing changes.
      await world.cancel().catch((error: unknown) => {
        if (refunded.length > 0) throw error;
      });
      withdraw(model, refunded, now);
    });
  }
  toString() {
    return `cancel${crashText(this.crash)}`;
  }
}

class DashboardRefund extends LifeCommand {
  constructor(
    readonly index: number,
    readonly full: boolean,
    readonly crash: CrashPoint | null,
  ) {
    super();
  }
  private target(model: Readonly<LifeModel>) {
    return pick(
      model,
      this.index,
      (p) => !p.withdrawn && (this.full || p.amountPaise - p.outsidePaise >= 1_000),
    );
  }
  check(model: Readonly<LifeModel>) {
    return this.target(model) !== undefined;
  }
  async act(model: LifeModel, world: LifeWorld) {
    const p = this.target(model);
    if (!p) throw new Error('no payment to refund');
    const left = p.amountPaise - p.outsidePaise;
    const amount = this.full ? left : Math.floor(left / 4);
    await withCrash(world, this.crash, async () => {
      await world.dashboardRefund(p.paymentId, amount);
      model.webhooks += 1;
      if (this.full) withdraw(model, [p], world.now());
      else p.outsidePaise += amount;
    });
  }
  toString() {
    return `dashboardRefund(#${this.index}, ${this.full ? 'full' : 'partial'})${crashText(this.crash)}`;
  }
}

class Dispute extends LifeCommand {
  constructor(
    readonly index: number,
    readonly outcome: 'created' | 'won' | 'lost',
    readonly crash: CrashPoint | null,
  ) {
    super();
  }
  private target(model: Readonly<LifeModel>) {
    return pick(model, this.index, (p) =>
      this.outcome === 'created' ? !p.withdrawn && !p.dispute : p.dispute === 'open',
    );
  }
  check(model: Readonly<LifeModel>) {
    return this.target(model) !== undefined;
  }
  async act(model: LifeModel, world: LifeWorld) {
    const p = this.target(model);
    if (!p) throw new Error('no payment to dispute');
    await withCrash(world, this.crash, async () => {
      await world.dispute(p.paymentId, this.outcome);
      model.webhooks += 1;
      p.dispute = this.outcome === 'created' ? 'open' : this.outcome;
      if (this.outcome === 'lost') withdraw(model, [p], world.now());
    });
  }
  toString() {
    return `dispute(#${this.index}, ${this.outcome})${crashText(this.crash)}`;
  }
}

/**
 * Razorpay sends an earlier webhook again, with a new event id: nothing may change, a dispute's
 * `created` after the dispute was decided included.
 */
class ResendWebhook extends LifeCommand {
  constructor(
    readonly index: number,
    readonly crash: CrashPoint | null,
  ) {
    super();
  }
  check(model: Readonly<LifeModel>) {
    return model.webhooks > 0;
  }
  async act(model: LifeModel, world: LifeWorld) {
    const at = this.index % world.webhooks.length;
    await withCrash(world, this.crash, () => world.resendWebhook(at));
  }
  toString() {
    return `resendWebhook(#${this.index})${crashText(this.crash)}`;
  }
}

/** The bus delivers an event it delivered (or gave up on) before, again: nothing may change. */
class RedeliverEvent extends LifeCommand {
  constructor(
    readonly index: number,
    readonly crash: CrashPoint | null,
  ) {
    super();
  }
  check(model: Readonly<LifeModel>) {
    return model.payments.length > 0;
  }
  async act(_model: LifeModel, world: LifeWorld) {
    const earlier = [...world.bus.delivered, ...world.bus.deadLetters];
    const event = earlier[this.index % Math.max(1, earlier.length)];
    if (!event) return;
    await withCrash(world, this.crash, async () => world.redeliver(event));
  }
  toString() {
    return `redeliverEvent(#${this.index})${crashText(this.crash)}`;
  }
}

class SettleStoreRefunds extends LifeCommand {
  check(model: Readonly<LifeModel>) {
    return model.payments.some((p) => p.withdrawn);
  }
  async act(model: LifeModel, world: LifeWorld) {
    const before = world.webhooks.length;
    await world.settleStoreRefunds();
    model.webhooks += world.webhooks.length - before;
    await world.drain();
  }
  toString() {
    return 'razorpaySettlesStoreRefunds';
  }
}

class Reconcile extends LifeCommand {
  constructor(
    readonly afterMs: number,
    readonly crash: CrashPoint | null,
  ) {
    super();
  }
  check() {
    return true;
  }
  async act(_model: LifeModel, world: LifeWorld) {
    world.advance(this.afterMs);
    await withCrash(world, this.crash, () => world.reconcile());
  }
  toString() {
    return `reconcile(+${Math.round(this.afterMs / MINUTE)}min)${crashText(this.crash)}`;
  }
}

class RenewalJob extends LifeCommand {
  constructor(readonly afterMs: number) {
    super();
  }
  check() {
    return true;
  }
  async act(_model: LifeModel, world: LifeWorld) {
    world.advance(this.afterMs);
    await world.renewalJob();
    await world.drain();
  }
  toString() {
    return `renewalJob(+${(this.afterMs / DAY).toFixed(1)}d)`;
  }
}

class Advance extends LifeCommand {
  constructor(readonly ms: number) {
    super();
  }
  check() {
    return true;
  }
  async act(_model: LifeModel, world: LifeWorld) {
    world.advance(this.ms);
  }
  toString() {
    return `advance(${(this.ms / DAY).toFixed(2)}d)`;
  }
}

class Outage extends LifeCommand {
  constructor(readonly down: boolean) {
    super();
  }
  check() {
    return true;
  }
  async act(_model: LifeModel, world: LifeWorld) {
    world.panel.down = this.down;
  }
  toString() {
    return this.down ? 'whmDown' : 'whmUp';
  }
}

class Hold extends LifeCommand {
  constructor(
    readonly on: boolean,
    readonly crash: CrashPoint | null,
  ) {
    super();
  }
  check(model: Readonly<LifeModel>) {
    return model.payments.length > 0;
  }
  async act(model: LifeModel, world: LifeWorld) {
    await withCrash(world, this.crash, async () => {
      await (this.on ? world.hold() : world.unhold());
      model.hold = this.on;
    });
  }
  toString() {
    return `${this.on ? 'hold' : 'unhold'}${crashText(this.crash)}`;
  }
}

const later = fc.oneof(
  fc.integer({ min: 1, max: 48 }).map((h) => h * HOUR),
  fc.integer({ min: 2, max: 60 }).map((d) => d * DAY),
  fc.integer({ min: 60, max: 800 }).map((d) => d * DAY),
);
const index = fc.nat({ max: 20 });
const buy = fc
  .tuple(fc.constantFrom<Months>(1, 12, 24, 36), crashArb)
  .map(([months, crash]) => new Buy(months, crash));

/** Every command but the operator's hold; a purchase weighs three, as nothing else happens to a service never bought. */
export const lifeCommandsWithoutHold: fc.Arbitrary<Cmd>[] = [
  buy,
  buy,
  buy,
  crashArb.map((crash) => new Cancel(crash)),
  fc
    .tuple(index, fc.boolean(), crashArb)
    .map(([i, full, crash]) => new DashboardRefund(i, full, crash)),
  fc
    .tuple(index, fc.constantFrom('created', 'won', 'lost' as const), crashArb)
    .map(([i, outcome, crash]) => new Dispute(i, outcome, crash)),
  fc.tuple(index, crashArb).map(([i, crash]) => new ResendWebhook(i, crash)),
  fc.tuple(index, crashArb).map(([i, crash]) => new RedeliverEvent(i, crash)),
  fc.constant(new SettleStoreRefunds()),
  fc
    .tuple(fc.integer({ min: 0, max: 60 }), crashArb)
    .map(([m, crash]) => new Reconcile(m * MINUTE, crash)),
  later.map((ms) => new RenewalJob(ms)),
  later.map((ms) => new Advance(ms)),
  fc.boolean().map((down) => new Outage(down)),
];

/** A sequence of `commands` that starts with the first purchase (nothing else acts before). */
export function lifeSequences(
  commands: fc.Arbitrary<Cmd>[],
  constraints: { maxCommands: number },
): fc.Arbitrary<Cmd[]> {
  return fc
    .tuple(buy, fc.commands(commands, { ...constraints, size: 'max' }))
    .map(([first, rest]) => [first, ...rest]);
}

/** Every command. */
export const lifeCommands: fc.Arbitrary<Cmd>[] = [
  ...lifeCommandsWithoutHold,
  fc.tuple(fc.boolean(), crashArb).map(([on, crash]) => new Hold(on, crash)),
];
