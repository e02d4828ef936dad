/**
 * A bundle's card lists each of its parts (D24) with its state in words and the same controls as
 * the card of its kind, each acting on the part's own id: the VPS's power on the VPS part, a
 * storage key on the storage part, the domain's settings on its name.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Service } from '../../../lambdas/domain/services';
import { ServiceList } from '../../../web/src/components/dashboard/service-list';

const vpsApi = vi.hoisted(() => ({
  current: vi.fn(),
  power: vi.fn(),
  reinstall: vi.fn(),
  setKeys: vi.fn(),
}));
vi.mock('../../../web/src/components/dashboard/api/vps', () => ({ vpsApi }));
const domainApi = vi.hoisted(() => ({
  details: vi.fn(),
  records: vi.fn(),
}));
vi.mock('../../../web/src/components/dashboard/api/domains', () => ({ domainApi }));

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx0aGVrZXlvZmFzaGFsYXB0b3BmaWxsZXI asha@laptop';
const VPS = {
  os: 'debian-12' as const,
  hostname: 'asha-vps',
  sshKeys: [KEY],
  ip: '203.0.113.10',
  user: 'debian',
  power: 'running' as const,
  waitsForKey: false,
};

const bundle: Service = {
  id: 'svc_b',
  planId: 'standardbundle',
  name: 'Standard Bundle',
  category: 'bundle',
  domain: 'ashaverma.in',
  months: 12,
  purchaseDate: '2098-11-22T04:30:00.000Z',
  renewalDate: '2099-11-22T04:30:00.000Z',
  status: 'active',
  state: 'active',
  pricePaidPaise: 8_494_584,
  renewable: true,
  daysLeft: 300,
  provisioning: { state: 'ready', username: 'ashaverm' },
  autoRenew: false,
  parts: [
    {
      kind: 'hosting',
      id: 'svc_b',
      planId: 'premiumhosting',
      name: 'Premium Hosting',
      state: 'ready',
      provisioning: { state: 'ready', username: 'ashaverm' },
      domain: 'ashaverma.in',
    },
    {
      kind: 'domain',
      id: 'svc_b~domain',
      planId: 'premiumdomain',
      name: 'Premium Domain',
      state: 'failed',
      provisioning: {
        state: 'failed',
        reason: 'ashaverma.in was registered by someone else before we could register it for you.',
      },
      domain: 'ashaverma.in',
    },
    {
      kind: 'storage',
      id: 'svc_b~storage',
      planId: 'standardstorage',
      name: 'Standard Storage',
      state: 'setting_up',
      provisioning: { state: 'pending' },
    },
    {
      kind: 'vps',
      id: 'svc_b~vps',
      planId: 'basicvps',
      name: 'Basic VPS',
      state: 'ready',
      provisioning: { state: 'ready' },
      vps: VPS,
    },
  ],
};

const inRouter = (node: ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

beforeEach(() => {
  for (const fn of [...Object.values(vpsApi), ...Object.values(domainApi)]) fn.mockReset();
  vpsApi.current.mockResolvedValue({ service: { vps: VPS } });
  vpsApi.power.mockResolvedValue({ service: { vps: VPS } });
});

describe("a bundle's card (D24)", () => {
  it('lists every part with its state in words, the reason of one that failed, and the VPS controls on the part', async () => {
    inRouter(<ServiceList services={[bundle]} payments={[]} />);
    const parts = within(screen.getByTestId('bundle-parts'));

    expect(parts.getByTestId('bundle-part-hosting')).toHaveTextContent('Hosting: Premium Hosting');
    expect(parts.getByTestId('bundle-part-hosting')).toHaveTextContent('Active');
    const domain = parts.getByTestId('bundle-part-domain');
    expect(domain).toHaveTextContent('Domain: Premium Domain (ashaverma.in)');
    expect(domain).toHaveTextContent('Needs attention');
    expect(domain).toHaveTextContent('registered by someone else');
    expect(parts.getByTestId('bundle-part-storage')).toHaveTextContent('Setting up');

    const vps = within(parts.getByTestId('bundle-part-vps'));
    expect(vps.getByTestId('vps-ip')).toHaveTextContent('203.0.113.10');
    await act(async () => {
      fireEvent.click(vps.getByRole('button', { name: 'Reboot' }));
    });
    expect(vpsApi.power).toHaveBeenCalledWith('svc_b~vps', 'reboot');
  });

  it('after an upgrade, each part shows its new plan and "Updating…" only until its provider has it (D26)', () => {
    const upgraded: Service = {
      ...bundle,
      planId: 'premiumbundle',
      name: 'Premium Bundle',
      planUpdating: true,
      parts: [
        { ...bundle.parts![0]!, planId: 'enterprisehosting', name: 'Enterprise Hosting' },
        {
          ...bundle.parts![2]!,
          planId: 'premiumstorage',
          name: 'Premium Storage',
          state: 'ready',
          provisioning: { state: 'ready' },
          planUpdating: true,
        },
        { ...bundle.parts![3]!, planId: 'premiumvps', name: 'Premium VPS', planUpdating: true },
      ],
    };
    inRouter(<ServiceList services={[upgraded]} payments={[]} />);
    const parts = within(screen.getByTestId('bundle-parts'));

    const hosting = parts.getByTestId('bundle-part-hosting');
    expect(hosting).toHaveTextContent('Hosting: Enterprise Hosting');
    expect(within(hosting).queryByTestId('part-updating')).not.toBeInTheDocument();
    for (const [kind, text] of [
      ['storage', 'Cloud storage: Premium Storage'],
      ['vps', 'VPS: Premium VPS'],
    ] as const) {
      const row = parts.getByTestId(`bundle-part-${kind}`);
      expect(row).toHaveTextContent(text);
      expect(within(row).getByTestId('part-updating')).toHaveTextContent('Updating…');
    }
    expect(screen.getByTestId('plan-updating')).toHaveTextContent('Updating…');
  });

  it('a single-kind service shows no parts', () => {
    const { parts: _parts, ...hosting } = bundle;
    inRouter(
      <ServiceList
        services={[
          { ...hosting, planId: 'premiumhosting', name: 'Premium Hosting', category: 'hosting' },
        ]}
        payments={[]}
      />,
    );
    expect(screen.queryByTestId('bundle-parts')).not.toBeInTheDocument();
  });
});
