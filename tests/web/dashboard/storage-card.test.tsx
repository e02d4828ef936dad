import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { ApiError } from '../../../web/src/lib/api';
import { formatBytes, StorageCard } from '../../../web/src/components/dashboard/storage-card';

const storageKeys = vi.hoisted(() => ({ createStorageKey: vi.fn() }));
vi.mock('../../../web/src/components/dashboard/api/storage-keys', () => storageKeys);

const STORAGE = {
  endpoint: 'https://s3.storage.example.in',
  bucket: 'svc-0a1b2c3d4e5f60718293a4b5',
  quotaBytes: 100_000_000_000,
  usedBytes: 4_200_000_000,
};
const KEY = {
  accessKeyId: 'AKIANEWKEY0000000001',
  secretAccessKey: 'Zx9+secret/ShownOnce0000000000000000000',
  endpoint: STORAGE.endpoint,
  bucket: STORAGE.bucket,
};

beforeEach(() => {
  storageKeys.createStorageKey.mockReset();
});

function card(accessKeyId?: string, live = true) {
  render(
    <StorageCard
      serviceId="svc_1"
      storage={accessKeyId ? { ...STORAGE, accessKeyId } : STORAGE}
      live={live}
    />,
  );
  return screen.getByRole('region', { name: 'Your bucket' });
}

describe('the dashboard storage card (D24)', () => {
  it('shows the endpoint, bucket and space used in decimal units, and no key yet', () => {
    const region = card();
    expect(region).toHaveTextContent('https://s3.storage.example.in');
    expect(region).toHaveTextContent('svc-0a1b2c3d4e5f60718293a4b5');
    expect(region).toHaveTextContent('4.2 GB of 100 GB');
    expect(region).toHaveTextContent('None yet');
    expect(formatBytes(1_024_000_000_000)).toBe('1 TB');
  });

  it("writes every size as the en-IN toLocaleString it replaces would (without Intl's start-up)", () => {
    // What the card wrote before: the rounded size through Intl's en-IN number formatting.
    const viaIntl = (bytes: number) => {
      const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
      let value = bytes;
      let unit = 0;
      while (value >= 1000 && unit < units.length - 1) {
        value /= 1000;
        unit += 1;
      }
      const shown = unit === 0 || value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
      return `${shown.toLocaleString('en-IN')} ${units[unit]}`;
    };
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(99_950_000)).toBe('100 MB');
    expect(formatBytes(1_234_567_000_000_000)).toBe('1,235 TB');
    expect(formatBytes(4_250_000_000)).toBe('4.3 GB');
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })), (n) => {
        expect(formatBytes(n)).toBe(viaIntl(n));
      }),
      { numRuns: 3000 },
    );
  });

  it('"Create key" shows the secret once with a warning; after "I\'ve saved it" it is gone for good', async () => {
    storageKeys.createStorageKey.mockResolvedValue(KEY);
    const region = card();
    await act(async () => {
      fireEvent.click(within(region).getByRole('button', { name: 'Create key' }));
    });
    expect(storageKeys.createStorageKey).toHaveBeenCalledWith('svc_1');
    expect(within(region).getByTestId('storage-secret')).toHaveValue(KEY.secretAccessKey);
    expect(within(region).getByRole('alert')).toHaveTextContent('cannot be shown again');
    expect(within(region).getByTestId('storage-key-id')).toHaveTextContent(KEY.accessKeyId);
    // The snippets carry the key id and the bucket, never the secret.
    expect(region.querySelector('details')?.textContent).toContain(KEY.accessKeyId);
    expect(region.querySelector('details')?.textContent).not.toContain(KEY.secretAccessKey);
    fireEvent.click(within(region).getByRole('button', { name: "I've saved it" }));
    expect(region).not.toHaveTextContent(KEY.secretAccessKey);
    expect(within(region).getByRole('button', { name: 'Rotate key' })).toBeInTheDocument();
  });

  it('"Rotate key" warns first that the current key stops working', async () => {
    storageKeys.createStorageKey.mockResolvedValue(KEY);
    const region = card('AKIAOLDKEY0000000001');
    fireEvent.click(within(region).getByRole('button', { name: 'Rotate key' }));
    expect(storageKeys.createStorageKey).not.toHaveBeenCalled();
    expect(region).toHaveTextContent('stops working at once');
    await act(async () => {
      fireEvent.click(within(region).getByRole('button', { name: 'Rotate key now' }));
    });
    expect(storageKeys.createStorageKey).toHaveBeenCalledTimes(1);
    expect(within(region).getByTestId('storage-secret')).toHaveValue(KEY.secretAccessKey);
  });

  it('says why a key could not be made', async () => {
    storageKeys.createStorageKey.mockRejectedValue(
      new ApiError(
        'Our storage service did not answer. Please try again in a few minutes.',
        503,
        'storage_unavailable',
      ),
    );
    const region = card();
    await act(async () => {
      fireEvent.click(within(region).getByRole('button', { name: 'Create key' }));
    });
    expect(within(region).getByRole('alert')).toHaveTextContent('did not answer');
  });

  it('a suspended bucket offers no key and says its files are kept', () => {
    const region = card('AKIAOLDKEY0000000001', false);
    expect(within(region).queryByRole('button', { name: /key/ })).not.toBeInTheDocument();
    expect(region).toHaveTextContent('Your files are kept');
  });
});
