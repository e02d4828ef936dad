import type { CancelServiceResponse } from '@domain/api';
import { apiPost } from '../../../lib/api';

/** Cancels a service for its money-back refund (docs/api.md): the same answer when repeated. */
export function cancelService(serviceId: string): Promise<CancelServiceResponse> {
  return apiPost<CancelServiceResponse>(
    `/me/services/${encodeURIComponent(serviceId)}/cancel`,
    {},
    { auth: true },
  );
}
