import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../web/src/lib/api';
import { DomainCard } from '../../../web/src/components/dashboard/domain-card';

const domainApi = vi.hoisted(() => ({
  details: vi.fn(),
  setNameservers: vi.fn(),
  settings: vi.fn(),
  records: vi.fn(),
  addRecord: vi.fn(),
  deleteRecord: vi.fn(),
  authCode: vi.fn(),
  dsRecords: vi.fn(),
  addDsRecord: vi.fn(),
  deleteDsRecord: vi.fn(),
}));
vi.mock('../../../web/src/components/dashboard/api/domains', () => ({ domainApi }));

const DETAILS = {
  name: 'ashaverma.in',
  serviceId: 'svc_1',
  expiresAt: '2027-11-27T04:00:00Z',
  nameservers: ['ns1.stand-in.test', 'ns2.stand-in.test'],
  locked: true,
  privacy: false,
  privacyAvailable: false,
};

beforeEach(() => {
  for (const fn of Object.values(domainApi)) fn.mockReset();
  domainApi.details.mockResolvedValue(DETAILS);
  domainApi.records.mockResolvedValue({
    records: [{ id: 'r1', type: 'A', host: '@', value: '203.0.113.10', ttl: 14400 }],
  });
});

async function shown() {
  render(<DomainCard domain="ashaverma.in" />);
  return screen
    .findByRole('region', { name: 'Domain settings for ashaverma.in' })
    .then(async (region) => {
      await within(region).findByText(/Registered until/);
      return region;
    });
}

describe('the dashboard domain card (D23)', () => {
  it('shows the registry expiry, the nameservers, the records and the lock; no privacy on Basic', async () => {
    const card = await shown();
    expect(card).toHaveTextContent('Registered until');
    expect(within(card).getByLabelText('Nameservers (2 to 4, one a line)')).toHaveValue(
      'ns1.stand-in.test\nns2.stand-in.test',
    );
    expect(within(card).getByRole('list', { name: 'DNS records' })).toHaveTextContent(
      'A @ 203.0.113.10',
    );
    expect(within(card).getByLabelText('Transfer lock')).toBeChecked();
    expect(within(card).queryByLabelText('WHOIS privacy')).not.toBeInTheDocument();
  });

  it('saves nameservers and says why the registry refused', async () => {
    domainApi.setNameservers.mockRejectedValueOnce(
      new ApiError(
        'Give 2, 3 or 4 nameservers, for example ns1.example.net.',
        400,
        'validation_failed',
      ),
    );
    const card = await shown();
    fireEvent.change(within(card).getByLabelText('Nameservers (2 to 4, one a line)'), {
      target: { value: 'ns1.example.net' },
    });
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Save nameservers' }));
    });
    expect(domainApi.setNameservers).toHaveBeenCalledWith('ashaverma.in', ['ns1.example.net']);
    expect(within(card).getByRole('alert')).toHaveTextContent('Give 2, 3 or 4 nameservers');
  });

  it('adds and deletes a record', async () => {
    domainApi.addRecord.mockResolvedValue({
      record: {
        id: 'r2',
        type: 'MX',
        host: '@',
        value: 'mail.ashaverma.in',
        ttl: 14400,
        priority: 10,
      },
    });
    const card = await shown();
    fireEvent.change(within(card).getByLabelText('Record type'), { target: { value: 'MX' } });
    fireEvent.change(within(card).getByLabelText('Value'), {
      target: { value: 'mail.ashaverma.in' },
    });
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Add record' }));
    });
    expect(domainApi.addRecord).toHaveBeenCalledWith('ashaverma.in', {
      type: 'MX',
      host: '@',
      value: 'mail.ashaverma.in',
      priority: 10,
    });
    expect(within(card).getByRole('list', { name: 'DNS records' })).toHaveTextContent(
      'MX @ 10 mail.ashaverma.in',
    );
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Delete A record @ 203.0.113.10' }));
    });
    expect(domainApi.deleteRecord).toHaveBeenCalledWith('ashaverma.in', 'r1');
    expect(within(card).getByRole('list', { name: 'DNS records' })).not.toHaveTextContent(
      '203.0.113.10',
    );
  });

  it('shows the transfer code only on request, and asks for a fresh sign-in when needed', async () => {
    domainApi.authCode.mockRejectedValueOnce(
      new ApiError(
        'For your security, please sign in again to see the transfer code (within 5 minutes).',
        403,
        'reauth_required',
      ),
    );
    domainApi.authCode.mockResolvedValueOnce({ authCode: 'Xy7-secret' });
    const card = await shown();
    expect(card).not.toHaveTextContent('Xy7-secret');
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Get transfer code' }));
    });
    expect(within(card).getByRole('alert')).toHaveTextContent('please sign in again');
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Get transfer code' }));
    });
    expect(card).toHaveTextContent('Transfer code: Xy7-secret');
  });

  it('offers privacy where the plan has it', async () => {
    domainApi.details.mockResolvedValue({ ...DETAILS, privacyAvailable: true });
    domainApi.settings.mockResolvedValue({ ...DETAILS, privacyAvailable: true, privacy: true });
    const card = await shown();
    await act(async () => {
      fireEvent.click(within(card).getByLabelText('WHOIS privacy'));
    });
    expect(domainApi.settings).toHaveBeenCalledWith('ashaverma.in', { privacy: true });
    expect(within(card).getByLabelText('WHOIS privacy')).toBeChecked();
  });
});

describe('DNSSEC on the Enterprise domain card (D23)', () => {
  const DIGEST = 'E2D3C916F6DEEAC73294E8268FB5885044A833FC5459588F4A9184CFC41A5766';
  const RECORD = {
    id: `2371-13-2-${DIGEST}`,
    keyTag: 2371,
    algorithm: 13,
    digestType: 2,
    digest: DIGEST,
  };

  it('is not on a plan without it: no section, no DS records asked for', async () => {
    const card = await shown();
    expect(within(card).queryByRole('group', { name: 'DNSSEC' })).not.toBeInTheDocument();
    expect(domainApi.dsRecords).not.toHaveBeenCalled();
  });

  it('lists the DS records, adds one with the chosen algorithm and digest type, and deletes one', async () => {
    domainApi.details.mockResolvedValue({ ...DETAILS, dnssecAvailable: true });
    domainApi.dsRecords.mockResolvedValue({ records: [RECORD] });
    const added = {
      ...RECORD,
      id: 'new',
      keyTag: 60485,
      algorithm: 8,
      digestType: 1,
      digest: 'A'.repeat(40),
    };
    domainApi.addDsRecord.mockResolvedValue({ records: [RECORD, added] });
    domainApi.deleteDsRecord.mockResolvedValue(undefined);
    const card = await shown();
    const section = await within(card).findByRole('group', { name: 'DNSSEC' });
    const list = await within(section).findByRole('list', { name: 'DS records' });
    expect(list).toHaveTextContent(`2371 13 (ECDSA P-256/SHA-256) 2 (SHA-256) ${DIGEST}`);

    fireEvent.change(within(section).getByLabelText('Key tag'), { target: { value: '60485' } });
    fireEvent.change(within(section).getByLabelText('Algorithm'), { target: { value: '8' } });
    fireEvent.change(within(section).getByLabelText('Digest type'), { target: { value: '1' } });
    fireEvent.change(within(section).getByLabelText('Digest'), {
      target: { value: 'a'.repeat(40) },
    });
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Add DS record' }));
    });
    expect(domainApi.addDsRecord).toHaveBeenCalledWith('ashaverma.in', {
      keyTag: 60485,
      algorithm: 8,
      digestType: 1,
      digest: 'a'.repeat(40),
    });
    expect(within(section).getByRole('list', { name: 'DS records' })).toHaveTextContent(
      '60485 8 (RSA/SHA-256)',
    );
    expect(within(section).getByLabelText('Key tag')).toHaveValue('');

    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Delete DS record 2371' }));
    });
    expect(domainApi.deleteDsRecord).toHaveBeenCalledWith('ashaverma.in', RECORD.id);
    expect(within(section).getByRole('list', { name: 'DS records' })).not.toHaveTextContent('2371');
  });

  it("says the server's sentence when a record is refused, and keeps what was typed", async () => {
    domainApi.details.mockResolvedValue({ ...DETAILS, dnssecAvailable: true });
    domainApi.dsRecords.mockResolvedValue({ records: [] });
    domainApi.addDsRecord.mockRejectedValueOnce(
      new ApiError(
        'Digest: a SHA-256 digest is 64 hexadecimal characters (0-9, A-F).',
        400,
        'validation_failed',
      ),
    );
    const card = await shown();
    const section = await within(card).findByRole('group', { name: 'DNSSEC' });
    expect(
      await within(section).findByText('No DS records yet: DNSSEC is off.'),
    ).toBeInTheDocument();
    fireEvent.change(within(section).getByLabelText('Key tag'), { target: { value: '2371' } });
    fireEvent.change(within(section).getByLabelText('Digest'), { target: { value: 'abc' } });
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Add DS record' }));
    });
    expect(within(section).getByRole('alert')).toHaveTextContent('SHA-256 digest is 64');
    expect(within(section).getByLabelText('Digest')).toHaveValue('abc');
  });

  it('says so when the DS records cannot be read', async () => {
    domainApi.details.mockResolvedValue({ ...DETAILS, dnssecAvailable: true });
    domainApi.dsRecords.mockRejectedValue(
      new ApiError(
        'The domain registry did not answer. Please try again in a few minutes.',
        503,
        'registrar_unavailable',
      ),
    );
    const card = await shown();
    const section = await within(card).findByRole('group', { name: 'DNSSEC' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('did not answer');
  });
});
