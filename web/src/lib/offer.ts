import type { Offer } from '../content/sample-business';
import { formatIndiaDay } from './india-day';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant an offer ends: the end of its last day, India time (UTC+05:30). Undefined for a
 * date that is not a real `YYYY-MM-DD` day, so a mistyped end date never shows an offer.
 */
export function offerEndsAt(endsOn: string): number | undefined {
  const match = DATE.exec(endsOn);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const midnightUtc = Date.UTC(year, month - 1, day);
  const check = new Date(midnightUtc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1) return undefined;
  const istOffsetMs = (5 * 60 + 30) * 60 * 1000;
  return midnightUtc + 24 * 60 * 60 * 1000 - istOffsetMs;
}

/** An offer runs while it is configured with a label and a valid end date not yet past. */
export function isOfferLive(offer: Offer | null | undefined, now: Date): offer is Offer {
  if (!offer || !offer.label.trim()) return false;
  const endsAt = offerEndsAt(offer.endsOn);
  return endsAt !== undefined && now.getTime() < endsAt;
}

/** The offer's last day as Indian buyers read it: "31 Dec 2026". */
export function formatOfferEnd(endsOn: string): string {
  const match = DATE.exec(endsOn);
  if (!match) return endsOn;
  return formatIndiaDay(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}
