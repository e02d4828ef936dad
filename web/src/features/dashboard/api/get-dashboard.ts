import type { DashboardResponse } from '@domain/api';
import { apiGet } from '../../../lib/api';

export function getDashboard(): Promise<DashboardResponse> {
  return apiGet<DashboardResponse>('/me/dashboard', { auth: true });
}
