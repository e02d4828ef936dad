import { EventBridgeClient } from '@aws-sdk/client-eventbridge';

/** Built once per cold start; the endpoint comes from AWS_ENDPOINT_URL_EVENTBRIDGE where set. */
export const eventBridge = new EventBridgeClient({
  requestHandler: { connectionTimeout: 2000, requestTimeout: 3000 },
});
