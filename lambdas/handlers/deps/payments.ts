/** The Razorpay SDK client, built once, on first use (only checkout bundles it). */
import {
  createRazorpayClient,
  RazorpayGateway,
} from '../../adapters/razorpay-api/razorpay-gateway';
import { razorpayConfig } from '../../config/config';
import { razorpayCredentials } from './signature-secrets';

let client: ReturnType<typeof createRazorpayClient> | undefined;

export const paymentGateway = new RazorpayGateway(razorpayCredentials, async () => {
  client ??= createRazorpayClient(await razorpayCredentials(), razorpayConfig().apiBase);
  return client;
});
