/** Razorpay: credentials once per cold start (environment or Secrets Manager), one SDK client. */
import {
  createRazorpayClient,
  RazorpayGateway,
} from '../../adapters/razorpay-api/razorpay-gateway';
import { secretsManager } from '../../adapters/secrets/clients';
import { razorpayCredentialsLoader } from '../../adapters/secrets/razorpay-secrets';
import { razorpayConfig } from '../../config/config';
import type { SignatureSecrets } from '../../ports/payment-gateway';

export const razorpayCredentials = razorpayCredentialsLoader(
  () => razorpayConfig(),
  secretsManager,
);

export const signatureSecrets: SignatureSecrets = {
  keySecret: async () => (await razorpayCredentials()).keySecret,
  webhookSecret: async () => (await razorpayCredentials()).webhookSecret,
};

let client: ReturnType<typeof createRazorpayClient> | undefined;

export const paymentGateway = new RazorpayGateway(razorpayCredentials, async () => {
  client ??= createRazorpayClient(await razorpayCredentials(), razorpayConfig().apiBase);
  return client;
});
