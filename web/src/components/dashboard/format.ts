import { formatIndiaDay } from '../../lib/india-day';

/** A date as Indian buyers read it: 22 Nov 2026 (India time). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatIndiaDay(date);
}

/** The welcome line's name: the part of the email before '@', or 'User'. */
export function welcomeName(email: string | null | undefined, fallback: string): string {
  const local = email?.split('@')[0]?.trim();
  return local ? local : fallback;
}
