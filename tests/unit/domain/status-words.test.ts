import { describe, expect, it } from 'vitest';
import { statusWordsOf, type StatusFacts } from '../../../lambdas/domain/status-words';

/** #26: the buyer's words for each desired state (D22) and provider part. */
describe('statusWordsOf', () => {
  const table: Array<[StatusFacts, string, string, string]> = [
    [
      { state: 'setting_up', provider: 'pending' },
      'Setting up',
      'progress',
      'is paid — we are setting it up',
    ],
    [{ state: 'setting_up' }, 'Setting up', 'progress', 'is paid — we are setting it up'],
    [
      { state: 'active', provider: 'pending' },
      'Setting up',
      'progress',
      'is paid — we are setting it up',
    ],
    [
      { state: 'active', provider: 'manual', category: 'vps' },
      'Setting up',
      'progress',
      'is paid — we are setting it up',
    ],
    [{ state: 'active', provider: 'ready', status: 'active' }, 'Active', 'positive', 'is active'],
    [{ state: 'active' }, 'Active', 'positive', 'is active'],
    // Its part is ready before converge records it: set up, then.
    [{ state: 'setting_up', provider: 'ready' }, 'Active', 'positive', 'is active'],
    [
      { state: 'grace', provider: 'ready', status: 'expired' },
      'Renewal due',
      'warning',
      'is due for renewal',
    ],
    [{ state: 'active', provider: 'failed' }, 'Needs attention', 'warning', 'needs our attention'],
    // A VPS being reinstalled (D24) is not Active until its new system runs, nor out of step.
    [
      { state: 'active', provider: 'ready', category: 'vps', reinstalling: true },
      'Reinstalling',
      'progress',
      'is being reinstalled',
    ],
    [
      { state: 'active', provider: 'failed', category: 'vps', reinstalling: true },
      'Needs attention',
      'warning',
      'needs our attention',
    ],
    [
      { state: 'setting_up', provider: 'failed' },
      'Needs attention',
      'warning',
      'needs our attention',
    ],
    // What the buyer meets on the panel while converge brings a renewed account back.
    [
      { state: 'active', provider: 'suspended', category: 'hosting' },
      'Suspended',
      'danger',
      'is suspended',
    ],
    [
      { state: 'grace', provider: 'suspended', category: 'bundle' },
      'Suspended',
      'danger',
      'is suspended',
    ],
    // No panel account behind a storage service: its own state speaks.
    [
      { state: 'active', provider: 'suspended', category: 'storage' },
      'Active',
      'positive',
      'is active',
    ],
    [{ state: 'active', provider: 'terminated' }, 'Removed', 'neutral', 'is removed'],
    [
      { state: 'suspended', provider: 'ready', status: 'expired', category: 'hosting' },
      'Suspended',
      'danger',
      'is suspended',
    ],
    [
      { state: 'suspended', status: 'active', category: 'domain' },
      'Suspended',
      'danger',
      'is suspended',
    ],
    [
      { state: 'suspended', status: 'expired', category: 'domain' },
      'Expired',
      'neutral',
      'has expired',
    ],
    [
      { state: 'ended', status: 'cancelled', provider: 'suspended' },
      'Cancelled',
      'danger',
      'is cancelled',
    ],
    [{ state: 'ended', status: 'expired', provider: 'suspended' }, 'Ended', 'neutral', 'has ended'],
    [
      { state: 'removed', status: 'cancelled', provider: 'terminated' },
      'Removed',
      'neutral',
      'is removed',
    ],
  ];

  it.each(table)('%j → %s (%s), "Your … %s"', (facts, word, tone, phrase) => {
    expect(statusWordsOf(facts)).toEqual({ word, tone, phrase });
  });
});

describe('statusWordsOf at its edges', () => {
  it('says Removed for a removed service whatever its provider part last said', () => {
    expect(statusWordsOf({ state: 'removed', provider: 'ready', category: 'hosting' }).word).toBe(
      'Removed',
    );
  });

  it('says Suspended for a live service whose provider suspended it, its category unknown', () => {
    expect(statusWordsOf({ state: 'active', provider: 'suspended' }).word).toBe('Suspended');
  });
});
