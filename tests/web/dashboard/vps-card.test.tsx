import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceVps } from '../../../lambdas/domain/services';
import { REINSTALL_POLL_MS, VpsCard } from '../../../web/src/components/dashboard/vps-card';
import {
  vpsChoiceProblem,
  vpsOrderOf,
} from '../../../web/src/features/checkout/components/vps-choice';
import { ApiError } from '../../../web/src/lib/api';

const vpsApi = vi.hoisted(() => ({
  current: vi.fn(),
  power: vi.fn(),
  reinstall: vi.fn(),
  setKeys: vi.fn(),
}));
vi.mock('../../../web/src/components/dashboard/api/vps', () => ({ vpsApi }));

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx0aGVrZXlvZmFzaGFsYXB0b3BmaWxsZXI asha@laptop';
const RUNNING: ServiceVps = {
  os: 'ubuntu-24.04',
  hostname: 'asha-web',
  sshKeys: [KEY],
  ip: '203.0.113.10',
  user: 'ubuntu',
  power: 'running',
  waitsForKey: false,
};

beforeEach(() => {
  for (const fn of Object.values(vpsApi)) fn.mockReset();
  vpsApi.current.mockResolvedValue({ service: { vps: RUNNING } });
});

describe('the dashboard VPS card (D24)', () => {
  it('shows the IP, OS, power and the ssh line; Reboot asks the server and shows what it answers', async () => {
    vpsApi.power.mockResolvedValue({ service: { vps: { ...RUNNING, power: 'running' } } });
    render(<VpsCard serviceId="svc_1" state="active" initial={RUNNING} />);
    const card = screen.getByTestId('vps-card');
    expect(within(card).getByTestId('vps-ip')).toHaveTextContent('203.0.113.10');
    expect(within(card).getByTestId('vps-os')).toHaveTextContent('Ubuntu 24.04 LTS');
    expect(within(card).getByTestId('vps-power')).toHaveTextContent('Running');
    expect(card).toHaveTextContent('ssh ubuntu@203.0.113.10');
    expect(within(card).getByRole('button', { name: 'Start' })).toBeDisabled();

    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Reboot' }));
    });

    expect(vpsApi.power).toHaveBeenCalledWith('svc_1', 'reboot');
  });

  it('asks its own server’s power state once shown: stopped from inside, the card says Stopped', async () => {
    vpsApi.current.mockResolvedValue({ service: { vps: { ...RUNNING, power: 'stopped' } } });
    render(<VpsCard serviceId="svc_1" state="active" initial={RUNNING} />);
    expect(await screen.findByText('Stopped')).toBeInTheDocument();
    expect(vpsApi.current).toHaveBeenCalledWith('svc_1');
  });

  it('Reinstall stays disabled until the hostname is typed; once asked, the card says Reinstalling… and offers no other change', async () => {
    vpsApi.reinstall.mockResolvedValue({
      service: {
        vps: { ...RUNNING, reinstalling: { os: 'debian-12', requestedAt: '2026-11-27T05:00:00Z' } },
      },
    });
    render(<VpsCard serviceId="svc_1" state="active" initial={RUNNING} />);
    const button = screen.getByRole('button', { name: 'Reinstall' });
    expect(button).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Operating system', { selector: 'select' }), {
      target: { value: 'debian-12' },
    });
    fireEvent.change(screen.getByTestId('vps-reinstall-confirm'), {
      target: { value: 'asha-web' },
    });
    expect(button).toBeEnabled();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(vpsApi.reinstall).toHaveBeenCalledWith('svc_1', 'debian-12', 'asha-web');
    // No false success: the installed system is still named until the new one runs.
    expect(screen.getByTestId('vps-os')).toHaveTextContent('Ubuntu 24.04 LTS');
    expect(screen.getByTestId('vps-power')).toHaveTextContent('Reinstalling Debian 12…');
    expect(screen.getByTestId('vps-reinstalling')).toHaveTextContent(
      'Reinstalling Debian 12. This takes a few minutes',
    );
    expect(screen.queryByText('ssh ubuntu@203.0.113.10')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reboot' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reinstall' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save keys' })).toBeNull();
  });

  it('while reinstalling it asks every few seconds and shows Running with the new OS once done', async () => {
    vi.useFakeTimers();
    try {
      const REINSTALLING: ServiceVps = {
        ...RUNNING,
        reinstalling: { os: 'debian-12', requestedAt: '2026-11-27T05:00:00Z' },
      };
      vpsApi.current.mockResolvedValue({ service: { vps: REINSTALLING } });
      render(<VpsCard serviceId="svc_1" state="active" initial={REINSTALLING} />);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(REINSTALL_POLL_MS);
      });
      expect(screen.getByTestId('vps-power')).toHaveTextContent('Reinstalling Debian 12…');

      vpsApi.current.mockResolvedValue({
        service: { vps: { ...RUNNING, os: 'debian-12', user: 'debian' } },
      });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(REINSTALL_POLL_MS);
      });

      expect(screen.getByTestId('vps-os')).toHaveTextContent('Debian 12');
      expect(screen.getByTestId('vps-power')).toHaveTextContent('Running');
      expect(screen.queryByTestId('vps-reinstalling')).toBeNull();
      expect(screen.getByText('ssh debian@203.0.113.10')).toBeInTheDocument();
      const calls = vpsApi.current.mock.calls.length;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3 * REINSTALL_POLL_MS);
      });
      // Done: it stops asking.
      expect(vpsApi.current.mock.calls.length).toBe(calls);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a server waiting for its key says so, and the server’s refusal of a key is shown', async () => {
    vpsApi.setKeys.mockRejectedValue(
      new ApiError(
        'That is not an SSH public key. Paste the one line of your .pub file.',
        400,
        'invalid_ssh_key',
      ),
    );
    render(
      <VpsCard
        serviceId="svc_1"
        state="setting_up"
        initial={{ os: 'debian-12', hostname: 'asha-web', sshKeys: [], waitsForKey: true }}
      />,
    );
    expect(screen.getByTestId('vps-waiting')).toHaveTextContent('Set-up waits for your SSH key');
    expect(screen.queryByRole('button', { name: 'Reboot' })).toBeNull();
    fireEvent.change(screen.getByTestId('vps-keys'), { target: { value: 'nonsense' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save keys' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('That is not an SSH public key.');
  });
});

describe('the VPS checkout choice', () => {
  const choice = { os: 'debian-12' as const, hostname: 'Asha-Web', key: KEY, later: false };

  it('sends the OS, the lowercased hostname and the keys; none when the key comes later', () => {
    expect(vpsOrderOf(choice)).toEqual({ os: 'debian-12', hostname: 'asha-web', sshKeys: [KEY] });
    expect(vpsOrderOf({ ...choice, later: true }).sshKeys).toEqual([]);
  });

  it('asks for a key unless it comes later, and refuses a private key or a hostname with a dot', () => {
    expect(vpsChoiceProblem(choice)).toBeNull();
    expect(vpsChoiceProblem({ ...choice, key: '' })).toMatch(/Paste your SSH public key/);
    expect(vpsChoiceProblem({ ...choice, key: '', later: true })).toBeNull();
    expect(vpsChoiceProblem({ ...choice, key: '-----BEGIN OPENSSH PRIVATE KEY-----' })).toMatch(
      /That is a private key/,
    );
    expect(vpsChoiceProblem({ ...choice, hostname: 'a.b' })).toMatch(/A hostname is up to 63/);
  });
});
