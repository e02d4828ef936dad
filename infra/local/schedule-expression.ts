/**
 * EventBridge Scheduler's schedule expressions, read locally to know when a job fires next:
 * `cron(minutes hours day-of-month month day-of-week year)` in the schedule's time zone, and
 * `rate(n minutes|hours|days)`. The cron fields take what Scheduler takes, `*`, `?`, lists,
 * ranges, steps, month and weekday names, weekdays 1-7 counted from Sunday, except `L`, `W`
 * and `#`, which no schedule of this stack uses and which are refused rather than misread.
 */

export class ScheduleExpressionError extends Error {
  override name = 'ScheduleExpressionError';
}

interface Field {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const FIELDS: readonly Field[] = [
  { name: 'minutes', min: 0, max: 59 },
  { name: 'hours', min: 0, max: 23 },
  { name: 'day-of-month', min: 1, max: 31 },
  {
    name: 'month',
    min: 1,
    max: 12,
    names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  },
  { name: 'day-of-week', min: 1, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
  { name: 'year', min: 1970, max: 2199 },
];

/** Each field's allowed values; `undefined` for `?` (any). */
type CronFields = (ReadonlySet<number> | undefined)[];

export type ParsedSchedule =
  { kind: 'cron'; fields: CronFields; timeZone: string } | { kind: 'rate'; everyMs: number };

export function parseScheduleExpression(expression: string, timeZone = 'UTC'): ParsedSchedule {
  const rate = /^rate\(\s*(\d+)\s+(minutes?|hours?|days?)\s*\)$/.exec(expression.trim());
  if (rate) {
    const value = Number(rate[1]);
    const unit = rate[2]!.replace(/s$/, '');
    if (value < 1 || (value === 1) !== (unit === rate[2]))
      throw new ScheduleExpressionError(`${expression}: say "1 ${unit}" or "N ${unit}s" (N > 1).`);
    const minutes = { minute: 1, hour: 60, day: 1440 }[unit as 'minute' | 'hour' | 'day'];
    return { kind: 'rate', everyMs: value * minutes * 60_000 };
  }
  const cron = /^cron\((.*)\)$/.exec(expression.trim());
  const parts = cron?.[1]?.trim().split(/\s+/) ?? [];
  if (parts.length !== 6) {
    throw new ScheduleExpressionError(
      `${expression} is neither rate(N unit) nor cron(minutes hours day-of-month month day-of-week year).`,
    );
  }
  if ((parts[2] === '?') === (parts[4] === '?'))
    throw new ScheduleExpressionError(
      `${expression}: exactly one of day-of-month and day-of-week must be "?".`,
    );
  checkTimeZone(timeZone);
  return {
    kind: 'cron',
    timeZone,
    fields: parts.map((part, i) => parseField(part, FIELDS[i]!, expression)),
  };
}

function parseField(
  text: string,
  field: Field,
  expression: string,
): ReadonlySet<number> | undefined {
  if (text === '?') {
    if (field.name !== 'day-of-month' && field.name !== 'day-of-week')
      throw new ScheduleExpressionError(
        `${expression}: "?" only fits day-of-month or day-of-week.`,
      );
    return undefined;
  }
  const value = (token: string): number => {
    const named = field.names?.indexOf(token.toUpperCase()) ?? -1;
    const number = named >= 0 ? named + field.min : /^\d+$/.test(token) ? Number(token) : NaN;
    if (!(number >= field.min && number <= field.max))
      throw new ScheduleExpressionError(
        `${expression}: "${token}" is not a ${field.name} value (${field.min}-${field.max}).`,
      );
    return number;
  };
  const values = new Set<number>();
  for (const item of text.split(',')) {
    const [range, stepText, extra] = item.split('/');
    if (extra !== undefined || range === undefined || range === '')
      throw new ScheduleExpressionError(`${expression}: cannot read "${item}" in ${field.name}.`);
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1)
      throw new ScheduleExpressionError(`${expression}: "${item}" has no valid step.`);
    let from: number;
    let to: number;
    if (range === '*') [from, to] = [field.min, field.max];
    else if (range.includes('-')) {
      const [a, b] = range.split('-');
      [from, to] = [value(a ?? ''), value(b ?? '')];
    } else {
      from = value(range);
      to = stepText === undefined ? from : field.max;
    }
    if (from > to)
      throw new ScheduleExpressionError(
        `${expression}: "${item}" runs backwards in ${field.name}.`,
      );
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new ScheduleExpressionError(`${timeZone} is not an IANA time zone.`);
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `timeZone` at instant `t`, read back as if it were UTC. */
function wallClock(t: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const part = Object.fromEntries(
    format.formatToParts(t).map((p) => [p.type, Number(p.value)] as const),
  ) as Record<string, number>;
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/** The instant at which the clocks of `timeZone` show `wall` (a UTC-read wall-clock time). */
function instantOf(wall: number, timeZone: string): number {
  const first = wall - (wallClock(wall, timeZone) - wall);
  // Once more, in case the offset differs on the other side of a daylight-saving change.
  return wall - (wallClock(first, timeZone) - first);
}

const DAY_MS = 86_400_000;

/**
 * The first time the schedule fires strictly after `after`. A rate counts from `anchor` (when the
 * schedule started). Looks up to five years ahead; undefined when it never fires in that time.
 */
export function nextFireTime(
  schedule: ParsedSchedule,
  after: Date,
  anchor = after,
): Date | undefined {
  if (schedule.kind === 'rate') {
    const elapsed = after.getTime() - anchor.getTime();
    const steps = Math.max(0, Math.floor(elapsed / schedule.everyMs) + 1);
    return new Date(anchor.getTime() + steps * schedule.everyMs);
  }
  const [minutes, hours, days, months, weekdays, years] = schedule.fields;
  const start = wallClock(after.getTime(), schedule.timeZone);
  const firstDay = Math.floor(start / DAY_MS) * DAY_MS;
  const sortedHours = [...hours!].sort((a, b) => a - b);
  const sortedMinutes = [...minutes!].sort((a, b) => a - b);
  for (let day = firstDay; day < firstDay + 5 * 366 * DAY_MS; day += DAY_MS) {
    const date = new Date(day);
    if (!years!.has(date.getUTCFullYear()) || !months!.has(date.getUTCMonth() + 1)) continue;
    if (days && !days.has(date.getUTCDate())) continue;
    if (weekdays && !weekdays.has(date.getUTCDay() + 1)) continue;
    for (const hour of sortedHours) {
      for (const minute of sortedMinutes) {
        const at = instantOf(day + hour * 3_600_000 + minute * 60_000, schedule.timeZone);
        if (at > after.getTime()) return new Date(at);
      }
    }
  }
  return undefined;
}
