import type { PurchaseCompletedDetail } from '../domain/api';

export interface EventPublisher {
  publishPurchaseCompleted(detail: PurchaseCompletedDetail): Promise<void>;
}
