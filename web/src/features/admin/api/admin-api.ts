/** The console's calls to /api/admin, through the one API client (the operator's ID token). */
import type {
  AdminCustomerResponse,
  AdminSearchResponse,
  CustomerListResponse,
  AdminCustomersResponse,
  AdminOrdersResponse,
  AdminProvisioningResponse,
  ConvergeServiceResponse,
  MarkServiceReadyRequest,
  MarkServiceReadyResponse,
  DeadLettersResponse,
  OutOfStepResponse,
  RedriveResponse,
  RemovalsResponse,
  ResolveReviewRequest,
  ResolveReviewResponse,
  ServiceActionRequest,
  ServiceActionResponse,
  TodaySummary,
} from '@domain/admin';
import type { DashboardResponse } from '@domain/api';
import type { OrderStatus } from '@domain/order';
import type { RevenueReport } from '@domain/revenue';
import { apiGet, apiGetBlob, apiPost } from '../../../lib/api';

export function getOrders(status: OrderStatus): Promise<AdminOrdersResponse> {
  return apiGet(`/admin/orders?status=${encodeURIComponent(status)}`, { auth: true });
}

export function resolveOrder(
  orderId: string,
  request: ResolveReviewRequest,
): Promise<ResolveReviewResponse> {
  return apiPost(`/admin/orders/${encodeURIComponent(orderId)}/resolve`, request, { auth: true });
}

export function findCustomers(email: string): Promise<AdminCustomersResponse> {
  return apiGet(`/admin/customers?email=${encodeURIComponent(email)}`, { auth: true });
}

export function getDeadLetters(): Promise<DeadLettersResponse> {
  return apiGet('/admin/dead-letters', { auth: true });
}

export function redriveItem(id: string): Promise<RedriveResponse> {
  return apiPost('/admin/dead-letters/redrive', { id }, { auth: true });
}

export function getToday(): Promise<TodaySummary> {
  return apiGet('/admin/today', { auth: true });
}

export function getProvisioning(state: 'manual' | 'failed'): Promise<AdminProvisioningResponse> {
  return apiGet(`/admin/provisioning?state=${state}`, { auth: true });
}

export function markServiceReady(
  serviceId: string,
  request: MarkServiceReadyRequest,
): Promise<MarkServiceReadyResponse> {
  return apiPost(`/admin/services/${encodeURIComponent(serviceId)}/provisioning`, request, {
    auth: true,
  });
}

export function getOutOfStep(): Promise<OutOfStepResponse> {
  return apiGet('/admin/out-of-step', { auth: true });
}

export function convergeService(
  serviceId: string,
  userId: string,
): Promise<ConvergeServiceResponse> {
  return apiPost(
    `/admin/services/${encodeURIComponent(serviceId)}/converge`,
    { userId },
    { auth: true },
  );
}

export function getRemovals(): Promise<RemovalsResponse> {
  return apiGet('/admin/removals', { auth: true });
}

export function actOnService(
  serviceId: string,
  request: ServiceActionRequest,
): Promise<ServiceActionResponse> {
  return apiPost(`/admin/services/${encodeURIComponent(serviceId)}/actions`, request, {
    auth: true,
  });
}

export function searchConsole(q: string): Promise<AdminSearchResponse> {
  return apiGet(`/admin/search?q=${encodeURIComponent(q)}`, { auth: true });
}

export function getCustomer(userId: string): Promise<AdminCustomerResponse> {
  return apiGet(`/admin/customers/${encodeURIComponent(userId)}`, { auth: true });
}

/** "View as customer": their dashboard as their own route answers it (the view is audited). */
export function getCustomerDashboard(userId: string): Promise<DashboardResponse> {
  return apiGet(`/admin/customers/${encodeURIComponent(userId)}/dashboard`, { auth: true });
}

export function listCustomerPage(after?: string): Promise<CustomerListResponse> {
  return apiGet(`/admin/customer-list${after ? `?after=${encodeURIComponent(after)}` : ''}`, {
    auth: true,
  });
}

export function getRevenue(from: string, to: string): Promise<RevenueReport> {
  return apiGet(`/admin/reports/revenue?from=${from}&to=${to}`, { auth: true });
}

export function getRevenueCsv(from: string, to: string): Promise<Blob> {
  return apiGetBlob(`/admin/reports/revenue?from=${from}&to=${to}&format=csv`, { auth: true });
}

export function getGstr1(period: string, format: 'json' | 'csv'): Promise<Blob> {
  return apiGetBlob(
    `/admin/reports/gstr1?period=${period}${format === 'csv' ? '&format=csv' : ''}`,
    { auth: true },
  );
}

export function noteCustomer(userId: string, note: string, noteId: string): Promise<unknown> {
  return apiPost(
    `/admin/customers/${encodeURIComponent(userId)}/notes`,
    { note, noteId },
    {
      auth: true,
    },
  );
}

export function resendMail(
  userId: string,
  mailId: string,
  resendId: string,
  note: string,
): Promise<{ resent: boolean; at: string }> {
  return apiPost(
    `/admin/customers/${encodeURIComponent(userId)}/mails/resend`,
    { mailId, resendId, note },
    { auth: true },
  );
}
