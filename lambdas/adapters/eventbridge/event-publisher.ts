import { PutEventsCommand, type EventBridgeClient } from '@aws-sdk/client-eventbridge';
import type { PurchaseCompletedDetail } from '../../domain/api';
import { DETAIL_TYPES, EVENT_SOURCES } from '../../system/facts';
import type { EventPublisher } from '../../ports/events';

export class EventBridgePublisher implements EventPublisher {
  constructor(
    private readonly client: EventBridgeClient,
    private readonly busName: () => string,
  ) {}

  async publishPurchaseCompleted(detail: PurchaseCompletedDetail): Promise<void> {
    const answer = await this.client.send(
      new PutEventsCommand({
        Entries: [
          {
            Source: EVENT_SOURCES.payments,
            DetailType: DETAIL_TYPES.purchaseCompleted,
            Detail: JSON.stringify(detail),
            EventBusName: this.busName(),
          },
        ],
      }),
    );
    if ((answer.FailedEntryCount ?? 0) > 0) {
      const entry = answer.Entries?.[0];
      throw new Error(
        `EventBridge refused PurchaseCompleted: ${entry?.ErrorCode ?? 'unknown'} ${entry?.ErrorMessage ?? ''}`.trim(),
      );
    }
  }
}
