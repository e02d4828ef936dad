import { PutEventsCommand, type EventBridgeClient } from '@aws-sdk/client-eventbridge';
import type { PurchaseCompletedDetail, StoreEventDetails } from '../../domain/api';
import { SOURCE_OF } from '../../system/facts';
import type { EventPublisher } from '../../ports/events';

export class EventBridgePublisher implements EventPublisher {
  constructor(
    private readonly client: EventBridgeClient,
    private readonly busName: () => string,
  ) {}

  async publish<T extends keyof StoreEventDetails>(
    detailType: T,
    detail: StoreEventDetails[T],
  ): Promise<void> {
    const answer = await this.client.send(
      new PutEventsCommand({
        Entries: [
          {
            Source: SOURCE_OF[detailType],
            DetailType: detailType,
            Detail: JSON.stringify(detail),
            EventBusName: this.busName(),
          },
        ],
      }),
    );
    if ((answer.FailedEntryCount ?? 0) > 0) {
      const entry = answer.Entries?.[0];
      throw new Error(
        `EventBridge refused ${detailType}: ${entry?.ErrorCode ?? 'unknown'} ${entry?.ErrorMessage ?? ''}`.trim(),
      );
    }
  }

  publishPurchaseCompleted(detail: PurchaseCompletedDetail): Promise<void> {
    return this.publish('PurchaseCompleted', detail);
  }
}
