import type {
  CreateOrderRequestBody,
  CreateOrderResponse,
  Plan,
  Quote,
  QuoteRequestBody,
  VerifyRequestBody,
  VerifyResponse,
} from '@domain/api';
import { apiGet, apiPost } from '../../../lib/api';

export function getPlan(planId: string): Promise<Plan> {
  return apiGet<Plan>(`/plans/${encodeURIComponent(planId)}`);
}

/** The server's quote; used to check a promo code (its message is the server's). */
export function getQuote(body: QuoteRequestBody): Promise<Quote> {
  return apiPost<Quote>('/checkout/quote', body);
}

export function createOrder(body: CreateOrderRequestBody): Promise<CreateOrderResponse> {
  return apiPost<CreateOrderResponse>('/checkout/orders', body, { auth: true });
}

/** D20: verify answers `202 {status: "pending"}` while Razorpay has not yet captured the payment. */
export interface VerifyPending {
  status: 'pending';
}

export function isVerifyPending(result: unknown): result is VerifyPending {
  return (
    typeof result === 'object' &&
    result !== null &&
    (result as { status?: unknown }).status === 'pending'
  );
}

export function verifyPayment(body: VerifyRequestBody): Promise<VerifyResponse | VerifyPending> {
  return apiPost<VerifyResponse | VerifyPending>('/checkout/verify', body, { auth: true });
}
