import { useLayoutEffect, useState } from 'react';
import type { Offer } from '../../../content/sample-business';
import { formatOfferEnd, isOfferLive, offerEndsAt } from '../../../lib/offer';

export interface OfferBadgeProps {
  offer: Offer | null;
  /** The badge's words with the end date: (label, "31 Dec 2026") => text. */
  text: (label: string, date: string) => string;
  className?: string;
}

/**
 * An offer's badge, saying until when it runs; nothing without a configured, valid end date.
 * The prerendered page and the first client render agree (a configured offer shows); before the
 * browser paints, the client hides an offer whose end date passed after the page was built.
 */
export function OfferBadge({ offer, text, className }: OfferBadgeProps) {
  const [live, setLive] = useState(
    () => offer !== null && offer.label.trim() !== '' && offerEndsAt(offer.endsOn) !== undefined,
  );
  useLayoutEffect(() => setLive(isOfferLive(offer, new Date())), [offer]);
  if (!live || !offer) return null;
  return (
    <p className={className} data-testid="offer-badge">
      <span className="h-2 w-2 rounded-full bg-white" aria-hidden="true" />
      {text(offer.label, formatOfferEnd(offer.endsOn))}
    </p>
  );
}
