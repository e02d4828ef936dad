/**
 * EventBridge Scheduler's expressions read locally (infra/local/schedule-expression.ts): the next
 * fire time of a cron in its time zone, and of a rate, and clear refusals of what is not read.
 */
import { describe, expect, it } from 'vitest';
import {
  nextFireTime,
  parseScheduleExpression,
  ScheduleExpressionError,
} from '../../../infra/local/schedule-expression';

const next = (expression: string, after: string, timeZone = 'UTC') =>
  nextFireTime(parseScheduleExpression(expression, timeZone), new Date(after))?.toISOString();

describe('cron expressions', () => {
  it('fires at 09:00 India time, which is 03:30 UTC, the same day or the next', () => {
    expect(next('cron(0 9 * * ? *)', '2026-11-23T01:00:00Z', 'Asia/Kolkata')).toBe(
      '2026-11-23T03:30:00.000Z',
    );
    expect(next('cron(0 9 * * ? *)', '2026-11-23T03:30:00Z', 'Asia/Kolkata')).toBe(
      '2026-11-24T03:30:00.000Z',
    );
  });

  it('reads the day in the schedule’s time zone: 00:30 in India is the evening before in UTC', () => {
    expect(next('cron(30 0 1 * ? *)', '2026-11-15T00:00:00Z', 'Asia/Kolkata')).toBe(
      '2026-11-30T19:00:00.000Z',
    );
  });

  it('takes lists, ranges, steps and names, with weekdays counted from Sunday = 1', () => {
    // 2026-11-23 is a Monday.
    expect(next('cron(0/15 * * * ? *)', '2026-11-23T10:07:00Z')).toBe('2026-11-23T10:15:00.000Z');
    expect(next('cron(0 8 ? * MON-FRI *)', '2026-11-27T09:00:00Z')).toBe(
      '2026-11-30T08:00:00.000Z',
    );
    expect(next('cron(0 8 ? * 1 *)', '2026-11-23T09:00:00Z')).toBe('2026-11-29T08:00:00.000Z');
    expect(next('cron(5,35 14 ? * SAT,SUN *)', '2026-11-28T14:06:00Z')).toBe(
      '2026-11-28T14:35:00.000Z',
    );
    expect(next('cron(0 0 1 JAN ? 2027-2028)', '2026-11-23T00:00:00Z')).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('follows daylight saving where the zone has it', () => {
    // London moves to BST on 2027-03-28: 09:00 local is 09:00Z before, 08:00Z after.
    expect(next('cron(0 9 * * ? *)', '2027-03-27T10:00:00Z', 'Europe/London')).toBe(
      '2027-03-28T08:00:00.000Z',
    );
  });

  it('says when a schedule never fires again', () => {
    expect(next('cron(0 0 1 1 ? 1999)', '2026-01-01T00:00:00Z')).toBeUndefined();
  });

  it.each([
    ['cron(0 9 * * * *)', /one of day-of-month and day-of-week/],
    ['cron(0 9 * *)', /neither rate/],
    ['cron(60 9 * * ? *)', /minutes value/],
    ['cron(0 9 L * ? *)', /day-of-month value/],
    ['cron(0 9 ? * 2#1 *)', /day-of-week value/],
    ['cron(0 9 ? * FRI-MON *)', /backwards/],
    ['every day', /neither rate/],
    ['rate(1 minutes)', /1 minute/],
    ['rate(0 hours)', /N hours/],
  ])('refuses %s', (expression, message) => {
    expect(() => parseScheduleExpression(expression)).toThrow(ScheduleExpressionError);
    expect(() => parseScheduleExpression(expression)).toThrow(message);
  });

  it('refuses a time zone that does not exist', () => {
    expect(() => parseScheduleExpression('cron(0 9 * * ? *)', 'India/Mumbai')).toThrow(
      /not an IANA time zone/,
    );
  });
});

describe('rate expressions', () => {
  it('fires every interval from when the schedule started', () => {
    const schedule = parseScheduleExpression('rate(15 minutes)');
    const anchor = new Date('2026-11-23T10:00:00Z');
    expect(nextFireTime(schedule, anchor, anchor)?.toISOString()).toBe('2026-11-23T10:15:00.000Z');
    expect(nextFireTime(schedule, new Date('2026-11-23T10:31:00Z'), anchor)?.toISOString()).toBe(
      '2026-11-23T10:45:00.000Z',
    );
    expect(parseScheduleExpression('rate(1 day)')).toEqual({ kind: 'rate', everyMs: 86_400_000 });
  });
});
