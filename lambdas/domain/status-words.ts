/**
 * What a service is called where the buyer reads it (#26): the word on its dashboard badge, the
 * badge's tone, and the phrase after "Your <plan>" in a mail. One mapping, from the service's
 * desired state (D22, lambdas/domain/lifecycle.ts) and where its provider part stands (the
 * `provisioning.state` converge last recorded), so that nothing says "Active" while the account is
 * still being made.
 *
 * | desired | provider part | word | mail phrase |
 * |---|---|---|---|
 * | `removed` | any | Removed | is removed |
 * | `ended` | any | Cancelled (cancelled, D16) / Ended | is cancelled / has ended |
 * | `suspended` | any | Suspended (an expired domain: Expired) | is suspended / has expired |
 * | live | `failed` (out of step) | Needs attention | needs our attention |
 * | live | `suspended` (a panel account) | Suspended | is suspended |
 * | live | `terminated` | Removed | is removed |
 * | `grace` | otherwise | Renewal due | is due for renewal |
 * | live | `ready`, a VPS reinstall asked (D24) | Reinstalling | is being reinstalled |
 * | live | `pending`/`manual` (still being made) | Setting up | is paid — we are setting it up |
 * | `setting_up` | not known | Setting up | is paid — we are setting it up |
 * | `setting_up`, `active` | `ready` | Active | is active |
 *
 * Pure; shared with the web through the `@domain` alias.
 */
import type { ServiceState } from './lifecycle';
import type { Category } from './plan';
import { deliveryModeOf, type ProvisioningState } from './provisioning';
import type { ServiceStatus } from './services';

/** The badge's colour family: the web maps each to its classes, in one place. */
export type StatusTone = 'positive' | 'progress' | 'warning' | 'danger' | 'neutral';

export interface StatusWords {
  /** The badge's word: "Setting up", "Active", "Renewal due", ... */
  word: string;
  tone: StatusTone;
  /** What follows "Your <plan>" in a mail's subject and heading: "is active", ... */
  phrase: string;
}

export interface StatusFacts {
  /** Its desired state (D22). */
  state: ServiceState;
  /** `Service.status`: says cancelled from expired, which the state alone does not. */
  status?: ServiceStatus;
  /** Its provider part as last seen (`Service.provisioning.state`, or a bundle part's). */
  provider?: ProvisioningState;
  /**
   * Its category, when known: a domain has no account to suspend (it shows Expired), and only a
   * panel account's suspension is what the buyer meets on a live service.
   */
  category?: Category;
  /** A VPS whose reinstall the buyer asked and converge has not finished (D24). */
  reinstalling?: boolean;
}

const WORDS = {
  settingUp: { word: 'Setting up', tone: 'progress', phrase: 'is paid — we are setting it up' },
  active: { word: 'Active', tone: 'positive', phrase: 'is active' },
  renewalDue: { word: 'Renewal due', tone: 'warning', phrase: 'is due for renewal' },
  suspended: { word: 'Suspended', tone: 'danger', phrase: 'is suspended' },
  expired: { word: 'Expired', tone: 'neutral', phrase: 'has expired' },
  cancelled: { word: 'Cancelled', tone: 'danger', phrase: 'is cancelled' },
  ended: { word: 'Ended', tone: 'neutral', phrase: 'has ended' },
  removed: { word: 'Removed', tone: 'neutral', phrase: 'is removed' },
  outOfStep: { word: 'Needs attention', tone: 'warning', phrase: 'needs our attention' },
  reinstalling: { word: 'Reinstalling', tone: 'progress', phrase: 'is being reinstalled' },
} as const satisfies Record<string, StatusWords>;

/** The buyer's words for a service (or a bundle's part) with these facts. */
export function statusWordsOf(facts: StatusFacts): StatusWords {
  const { state, status, provider, category, reinstalling } = facts;
  switch (state) {
    case 'removed':
      return WORDS.removed;
    case 'ended':
      return status === 'cancelled' ? WORDS.cancelled : WORDS.ended;
    case 'suspended':
      return category === 'domain' && status === 'expired' ? WORDS.expired : WORDS.suspended;
    case 'setting_up':
    case 'active':
    case 'grace':
      break;
  }
  // Live: what the provider part says the buyer meets comes first.
  if (provider === 'failed') return WORDS.outOfStep;
  if (provider === 'terminated') return WORDS.removed;
  if (
    provider === 'suspended' &&
    (category === undefined || deliveryModeOf(category) === 'panel')
  ) {
    return WORDS.suspended;
  }
  if (state === 'grace') return WORDS.renewalDue;
  if (reinstalling) return WORDS.reinstalling;
  // Set up once its provider part is ready, even before converge has recorded it.
  if (
    provider === 'pending' ||
    provider === 'manual' ||
    (state === 'setting_up' && provider !== 'ready')
  ) {
    return WORDS.settingUp;
  }
  return WORDS.active;
}
