import { useCallback, useState } from 'react';
import { ApiError } from './api';

/** What a card says when the API's answer carries no sentence of its own (a network failure). */
export const TRY_AGAIN = 'Something went wrong. Please try again in a moment.';

/** The sentence to show for a failed call: the API's own, else `fallback`. */
export function messageOf(error: unknown, fallback = TRY_AGAIN): string {
  return error instanceof ApiError ? error.message : fallback;
}

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
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, act };
}
