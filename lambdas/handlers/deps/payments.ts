/**
 * Razorpay: its credentials once per cold start (environment locally, Secrets Manager in AWS) and
 * the gateway over its SDK, whose client is built on first use (verifying a webhook needs none).
 */
import {
  createRazorpayClient,
  RazorpayGateway,
  type RazorpayClientLike,
} from '../../adapters/razorpay-api/razorpay-gateway';
import { secretsManager } from '../../adapters/secrets/clients';
import { razorpayCredentialsLoader } from '../../adapters/secrets/razorpay-secrets';
import { razorpayConfig } from '../../config/config';
import { wiring } from './wiring';

wiring.needs.add('razorpaySecrets');

export const razorpayCredentials = razorpayCredentialsLoader(
  () => razorpayConfig(),
  secretsManager,
);

let client: RazorpayClientLike | undefined;

export const paymentGateway = new RazorpayGateway(razorpayCredentials, async () => {
  client ??= await createRazorpayClient(await razorpayCredentials(), razorpayConfig().apiBase);
  return client;
});
