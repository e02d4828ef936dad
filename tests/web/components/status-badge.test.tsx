import { describe, expect, it } from 'vitest';
import { serviceWords } from '../../../web/src/components/dashboard/status-badge';

/** The dashboard badge reads the VPS's reinstall (D24) with the service's state (#26). */
describe('serviceWords', () => {
  const vps = {
    state: 'active',
    status: 'active',
    category: 'vps',
    provisioning: { state: 'ready' },
  } as const;

  it('says Reinstalling while a reinstall the buyer asked is under way', () => {
    const words = serviceWords({
      ...vps,
      vps: { reinstalling: { os: 'debian-12', requestedAt: '2026-11-27T10:00:00.000Z' } },
    });
    expect(words).toMatchObject({ word: 'Reinstalling', tone: 'progress' });
  });

  it('says Active once it is done', () => {
    expect(serviceWords({ ...vps, vps: {} }).word).toBe('Active');
    expect(serviceWords(vps).word).toBe('Active');
  });
});
