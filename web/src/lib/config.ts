/** The runtime configuration the site is deployed with (docs/api.md, /config.json). */
export interface AppConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Only set locally, where cognito-local stands in for Cognito. */
  userPoolEndpoint?: string;
  apiBase: string;
  razorpay: { keyId: string; checkoutScript: string };
  local?: { mailbox?: string; razorpaySimulator?: string };
}

let pending: Promise<AppConfig> | undefined;

function isAppConfig(value: unknown): value is AppConfig {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const razorpay = v.razorpay as Record<string, unknown> | undefined;
  return (
    typeof v.userPoolId === 'string' &&
    typeof v.userPoolClientId === 'string' &&
    typeof v.apiBase === 'string' &&
    !!razorpay &&
    typeof razorpay.keyId === 'string' &&
    typeof razorpay.checkoutScript === 'string'
  );
}

/** Fetches /config.json once; later calls share the same answer. A failed load may be retried. */
export function loadConfig(): Promise<AppConfig> {
  pending ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
      const body: unknown = await response.json();
      if (!isAppConfig(body)) throw new Error('/config.json is missing required fields');
      return body;
    })
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}

/** Tests only: forget the cached configuration. */
export function resetConfigForTests(): void {
  pending = undefined;
}
