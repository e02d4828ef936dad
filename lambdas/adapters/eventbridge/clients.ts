import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { metered } from '../usage-meter';

/** Built once per cold start; the endpoint comes from AWS_ENDPOINT_URL_EVENTBRIDGE where set. */
export const eventBridge = metered(
  new EventBridgeClient({ requestHandler: { connectionTimeout: 2000, requestTimeout: 3000 } }),
  'eventbridge',
);
