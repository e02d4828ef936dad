import { useCallback, useState } from 'react';
import { messageOf } from './api';

/** What a card says when the API's answer carries no sentence of its own (a network failure). */
export const TRY_AGAIN = 'Something went wrong. Please try again in a moment.';

/** The sentence a card shows for a failed call: the API's own, else TRY_AGAIN. */
export const cardMessageOf = (error: unknown): string => messageOf(error, TRY_AGAIN);

/**
 * One action at a time on a dashboard card: `act` runs a step with the card busy and any earlier
 * error cleared, and shows the step's failure as a sentence instead of throwing it.
 */
export function useCardAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = useCallback(async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (failure) {
      setError(cardMessageOf(failure));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, act };
}
