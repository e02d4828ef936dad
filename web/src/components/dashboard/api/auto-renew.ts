import type { Service } from '@domain/api';
import { apiPut } from '../../../lib/api';

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
