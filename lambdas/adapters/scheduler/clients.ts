import { SchedulerClient } from '@aws-sdk/client-scheduler';

/** Built once per cold start; the endpoint comes from AWS_ENDPOINT_URL_SCHEDULER where set. */
export const scheduler = new SchedulerClient({
  requestHandler: { connectionTimeout: 2000, requestTimeout: 3000 },
});
