import type { Service, VerifyMandateResponse, VerifyRequestBody } from '@domain/api';
import { apiPost, apiPut } from '../../../lib/api';

export interface AutoRenewAnswer {
  service: Service;
  authorise?: {
    orderId: string;
    keyId: string;
    amountPaise: number;
    customerId: string;
    maxAmountPaise: number;
  };
}

/** PUT /api/me/services/{id}/auto-renew (docs/api.md). */
export function setAutoRenew(
  serviceId: string,
  enabled: boolean,
  method?: 'card' | 'upi',
): Promise<AutoRenewAnswer> {
  return apiPut<AutoRenewAnswer>(
    `/me/services/${encodeURIComponent(serviceId)}/auto-renew`,
    { enabled, ...(method ? { method } : {}) },
    { auth: true },
  );
}

/** POST /api/checkout/verify for the mandate order: the mandate is recorded at once (D25). */
export function verifyMandate(body: VerifyRequestBody): Promise<VerifyMandateResponse> {
  return apiPost<VerifyMandateResponse>('/checkout/verify', body, { auth: true });
}
