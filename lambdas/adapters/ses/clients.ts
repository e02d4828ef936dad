import { SESClient } from '@aws-sdk/client-ses';
import { metered } from '../usage-meter';

/**
 * Built once per cold start; the endpoint comes from AWS_ENDPOINT_URL_SES where set. The timeouts
 * matter locally: aws-ses-v2-local never answers a call it does not support.
 */
export const ses = metered(
  new SESClient({ requestHandler: { connectionTimeout: 2000, requestTimeout: 8000 } }),
  'ses',
);
