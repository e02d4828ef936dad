import { eventBridge } from '../../adapters/eventbridge/clients';
import { EventBridgePublisher } from '../../adapters/eventbridge/event-publisher';
import { eventsConfig } from '../../config/config';
import { wiring } from './wiring';

wiring.needs.add('publishEvents');

export const eventPublisher = new EventBridgePublisher(
  eventBridge,
  () => eventsConfig().EVENT_BUS_NAME,
);
