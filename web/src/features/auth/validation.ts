const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/**
 * A phone number in E.164 for Cognito's phone_number. Indian 10-digit mobile numbers (with or
 * without a leading 0 or 91) get +91; numbers already starting with + are kept. Null if neither.
 */
export function toE164(input: string): string | null {
  const compact = input.replace(/[\s()-]/g, '');
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  const digits = compact.replace(/^0/, '');
  if (/^[6-9]\d{9}$/.test(digits)) return `+91${digits}`;
  if (/^91[6-9]\d{9}$/.test(digits)) return `+${digits}`;
  return null;
}

/** Where to go after login/signup: ?redirect= or the state the checkout passed, if on this site. */
export function returnTarget(search: URLSearchParams, state: unknown): string {
  const fromState =
    state && typeof state === 'object' && typeof (state as { from?: unknown }).from === 'string'
      ? (state as { from: string }).from
      : undefined;
  const candidate = search.get('redirect') ?? fromState;
  // Same-site paths only: "/x", never "//evil.example" or "https://…".
  if (
    candidate &&
    candidate.startsWith('/') &&
    !candidate.startsWith('//') &&
    !candidate.startsWith('/\\')
  ) {
    return candidate;
  }
  return '/dashboard';
}
