import type { Service } from '@domain/services';
import { apiGet, apiPost, apiPut } from '../../../lib/api';

const base = (serviceId: string) => `/me/services/${encodeURIComponent(serviceId)}`;
const auth = { auth: true };

/** A VPS card's routes (docs/api.md, D24): each answers the service as it is now. */
export const vpsApi = {
  current: (serviceId: string) => apiGet<{ service: Service }>(`${base(serviceId)}/power`, auth),
  power: (serviceId: string, action: 'start' | 'stop' | 'reboot') =>
    apiPost<{ service: Service }>(`${base(serviceId)}/power`, { action }, auth),
  reinstall: (serviceId: string, os: string, confirm: string) =>
    apiPost<{ service: Service }>(`${base(serviceId)}/reinstall`, { os, confirm }, auth),
  setKeys: (serviceId: string, keys: string[]) =>
    apiPut<{ service: Service }>(`${base(serviceId)}/ssh-keys`, { keys }, auth),
};
