import type { PurchaseCompletedDetail, StoreEventDetails } from '../domain/api';

export interface EventPublisher {
  /** Puts one event on the bus; throws when the bus refuses it, so the caller can retry. */
  publish<T extends keyof StoreEventDetails>(
    detailType: T,
    detail: StoreEventDetails[T],
  ): Promise<void>;
  publishPurchaseCompleted(detail: PurchaseCompletedDetail): Promise<void>;
}
