import type { Paise } from '../domain/money';

export interface GatewayOrderRequest {
  amountPaise: Paise;
  currency: 'INR';
  receipt: string;
  notes: Record<string, string>;
}

export interface GatewayOrder {
  id: string;
  amountPaise: Paise;
  currency: string;
}

export interface GatewayPayment {
  id: string;
  orderId: string;
  amountPaise: Paise;
  currency: string;
  status: string;
}

/** Razorpay, as the use cases need it. */
export interface PaymentGateway {
  /** The public key id the browser's checkout needs. */
  keyId(): Promise<string>;
  createOrder(request: GatewayOrderRequest): Promise<GatewayOrder>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
}

/** Secrets that prove a message came from Razorpay. */
export interface SignatureSecrets {
  keySecret(): Promise<string>;
  webhookSecret(): Promise<string>;
}
