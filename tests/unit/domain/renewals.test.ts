import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dueAt,
  istDate,
  planRenewalStep,
  startOfIstDay,
  stepsFor,
  type RenewalStep,
} from '../../../lambdas/domain/renewals';

// Renews on 15 January 2027 at 15:30 IST (10:00 UTC).
const renewalDate = new Date('2027-01-15T10:00:00.000Z');
const hosting = { renewalDate, suspendable: true };

describe('renewal steps fall due', () => {
  it("as India's calendar day begins for reminders, at the renewal instant for expiry", () => {
    // 15 Jan 00:00 IST = 14 Jan 18:30 UTC; 30 days earlier = 16 Dec 00:00 IST
    expect(dueAt('reminder_30d', renewalDate).toISOString()).toBe('2026-12-15T18:30:00.000Z');
    expect(dueAt('reminder_7d', renewalDate).toISOString()).toBe('2027-01-07T18:30:00.000Z');
    expect(dueAt('reminder_1d', renewalDate).toISOString()).toBe('2027-01-13T18:30:00.000Z');
    expect(dueAt('expired', renewalDate)).toEqual(renewalDate);
    expect(dueAt('suspended', renewalDate).toISOString()).toBe('2027-01-22T10:00:00.000Z');
  });

  it('on IST days: 23:59 IST and 00:00 IST the next day are different days', () => {
    expect(istDate(new Date('2027-01-14T18:29:59.000Z'))).toBe('2027-01-14');
    expect(istDate(new Date('2027-01-14T18:30:00.000Z'))).toBe('2027-01-15');
    expect(startOfIstDay(new Date('2027-01-15T10:00:00.000Z')).toISOString()).toBe(
      '2027-01-14T18:30:00.000Z',
    );
  });

  it('without suspension for a service that has no panel account', () => {
    expect(stepsFor({ suspendable: false })).not.toContain('suspended');
  });
});

describe('planRenewalStep', () => {
  it('does nothing before the first reminder, and says when that is', () => {
    const plan = planRenewalStep(hosting, { done: [] }, new Date('2026-12-01T03:30:00.000Z'));

    expect(plan).toEqual({ skip: [], nextDueAt: dueAt('reminder_30d', renewalDate) });
  });

  it('sends the 7-day reminder on its day, and points at the 1-day one next', () => {
    const at9amIst = new Date('2027-01-08T03:30:00.000Z');

    const plan = planRenewalStep(hosting, { done: ['reminder_30d'] }, at9amIst);

    expect(plan).toEqual({
      act: 'reminder_7d',
      skip: [],
      nextDueAt: dueAt('reminder_1d', renewalDate),
    });
  });

  it('skips an overtaken reminder rather than sending it late', () => {
    // The job was down from before the 30-day reminder until 5 days before renewal.
    const plan = planRenewalStep(hosting, { done: [] }, new Date('2027-01-10T03:30:00.000Z'));

    expect(plan.act).toBe('reminder_7d');
    expect(plan.skip).toEqual(['reminder_30d']);
  });

  it('marks expiry at the renewal instant, not at 09:00 IST on the renewal day', () => {
    const morning = new Date('2027-01-15T03:30:00.000Z');
    const after = new Date('2027-01-15T10:00:00.000Z');

    expect(
      planRenewalStep(hosting, { done: ['reminder_30d', 'reminder_7d', 'reminder_1d'] }, morning)
        .act,
    ).toBeUndefined();
    expect(
      planRenewalStep(hosting, { done: ['reminder_30d', 'reminder_7d', 'reminder_1d'] }, after).act,
    ).toBe('expired');
  });

  it('expires, then suspends 7 days later, each once; then nothing is left', () => {
    const done: RenewalStep[] = ['reminder_30d', 'reminder_7d', 'reminder_1d'];
    const late = new Date('2027-01-30T03:30:00.000Z');

    const first = planRenewalStep(hosting, { done }, late);
    const second = planRenewalStep(hosting, { done: [...done, 'expired'] }, late);
    const third = planRenewalStep(hosting, { done: [...done, 'expired', 'suspended'] }, late);

    expect(first).toMatchObject({ act: 'expired', skip: [] });
    expect(second).toMatchObject({ act: 'suspended', skip: [], nextDueAt: undefined });
    expect(third).toEqual({ skip: [], nextDueAt: undefined });
  });

  it('any sequence of runs at any times acts on each step once, never before it is due', () => {
    const start = renewalDate.getTime() - 40 * 86_400_000;
    const end = renewalDate.getTime() + 20 * 86_400_000;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: start, max: end }), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        (times, suspendable) => {
          const service = { renewalDate, suspendable };
          const done: RenewalStep[] = [];
          const acted: { step: RenewalStep; at: number }[] = [];
          for (const at of [...times].sort((a, b) => a - b)) {
            // a run acts on as many steps as are due, one plan at a time
            for (;;) {
              const plan = planRenewalStep(service, { done }, new Date(at));
              done.push(...plan.skip);
              if (!plan.act) break;
              acted.push({ step: plan.act, at });
              done.push(plan.act);
            }
          }
          const steps = acted.map((a) => a.step);
          expect(new Set(steps).size).toBe(steps.length);
          for (const { step, at } of acted) {
            expect(at).toBeGreaterThanOrEqual(dueAt(step, renewalDate).getTime());
          }
          const last = Math.max(...times);
          if (last >= dueAt('expired', renewalDate).getTime()) expect(steps).toContain('expired');
          if (suspendable && last >= dueAt('suspended', renewalDate).getTime())
            expect(steps).toContain('suspended');
          if (!suspendable) expect(steps).not.toContain('suspended');
          // a reminder is never sent once a later step is due
          for (const { step, at } of acted.filter((a) => a.step.startsWith('reminder_'))) {
            const later = stepsFor(service).slice(stepsFor(service).indexOf(step) + 1);
            for (const next of later) expect(at).toBeLessThan(dueAt(next, renewalDate).getTime());
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
