/**
 * A day as Indian buyers read it, "22 Nov 2026": what
 * `Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone })`
 * writes, in plain arithmetic. India time is UTC+05:30 all year (no daylight saving), so the
 * offset is a constant. The first Intl.DateTimeFormat in a tab loads ICU's calendar and time-zone
 * data, tens of milliseconds of main thread in the middle of a page's start on a phone; a page that
 * shows a date while it hydrates (checkout's renewal date, the dashboard) no longer pays it.
 */
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
];
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The day of `instant` in India time (or in UTC, for a calendar date already), as en-IN writes it. */
export function formatIndiaDay(
  instant: Date | number,
  timeZone: 'Asia/Kolkata' | 'UTC' = 'Asia/Kolkata',
): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid time value');
  const day = new Date(ms + (timeZone === 'UTC' ? 0 : INDIA_OFFSET_MS));
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}
