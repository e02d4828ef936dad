import { useCallback, useState } from 'react';
import { messageOf } from './api';

/** What a card says when the API's answer carries no sentence of its own (a network failure). */
export const TRY_AGAIN = 'Something went wrong. Please try again in a moment.';

/** The sentence a card shows for a failed call: the API's own, else TRY_AGAIN. */
export const cardMessageOf = (error: unknown): string => messageOf(error, TRY_AGAIN);

/**
 * One action at a time on a card (the buyer's or the operator's): `act` runs a step with the card
 * busy and any earlier error cleared, and shows the step's failure as a sentence instead of
 * throwing it: the API's own, else `fallback` (a card whose copy has its own sentence passes it).
 */
export function useCardAction(fallback = TRY_AGAIN) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = useCallback(
    async (step: () => Promise<void>) => {
      setBusy(true);
      setError(null);
      try {
        await step();
      } catch (failure) {
        setError(messageOf(failure, fallback));
      } finally {
        setBusy(false);
      }
    },
    [fallback],
  );
  return { busy, error, setError, act };
}
