import { apiPost } from '../../../lib/api';

/** A single-use login URL to the service's control panel (docs/api.md, Open control panel). */
export async function controlPanelUrl(serviceId: string): Promise<string> {
  const { url } = await apiPost<{ url: string }>(
    `/me/services/${encodeURIComponent(serviceId)}/panel-login`,
    {},
    { auth: true },
  );
  return url;
}
