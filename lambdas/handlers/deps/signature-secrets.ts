/** Razorpay's credentials once per cold start (environment locally, Secrets Manager in AWS). */
import { secretsManager } from '../../adapters/secrets/clients';
import { razorpayCredentialsLoader } from '../../adapters/secrets/razorpay-secrets';
import { razorpayConfig } from '../../config/config';
import type { SignatureSecrets } from '../../ports/payment-gateway';
import { wiring } from './wiring';

wiring.needs.add('razorpaySecrets');

export const razorpayCredentials = razorpayCredentialsLoader(
  () => razorpayConfig(),
  secretsManager,
);

export const signatureSecrets: SignatureSecrets = {
  keySecret: async () => (await razorpayCredentials()).keySecret,
  webhookSecret: async () => (await razorpayCredentials()).webhookSecret,
};
