/**
 * A card's one action at a time (web/src/lib/use-card-action.ts): busy while the step runs, the
 * earlier error cleared, a failure shown as the API's own sentence, else the card's own fallback
 * (the shared "try again" one where the card has none), never thrown.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../web/src/lib/api';
import { TRY_AGAIN, useCardAction } from '../../../web/src/lib/use-card-action';

const OWN = 'We could not make a key. Please try again.';

describe('useCardAction', () => {
  it('is busy while the step runs, and not after it has finished', async () => {
    const { result } = renderHook(() => useCardAction());
    let finish!: () => void;
    let running!: Promise<void>;
    act(() => {
      running = result.current.act(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current).toMatchObject({ busy: false, error: null });
  });

  it("shows the API's own sentence, and clears it when the next step starts", async () => {
    const { result } = renderHook(() => useCardAction(OWN));
    await act(() =>
      result.current.act(() =>
        Promise.reject(new ApiError('This key was rotated a moment ago.', 409, 'conflict')),
      ),
    );
    expect(result.current).toMatchObject({
      busy: false,
      error: 'This key was rotated a moment ago.',
    });
    await act(() => result.current.act(() => Promise.resolve()));
    expect(result.current.error).toBeNull();
  });

  it("shows the card's own sentence for a failure with none (a network failure)", async () => {
    const { result } = renderHook(() => useCardAction(OWN));
    await act(() => result.current.act(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(result.current.error).toBe(OWN);
  });

  it('shows "try again" for a failure with no sentence on a card with none of its own', async () => {
    const { result } = renderHook(() => useCardAction());
    await act(() => result.current.act(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(result.current.error).toBe(TRY_AGAIN);
  });
});
