import { useState } from 'react';
import type { Service } from '@domain/api';
import { groupIndian } from '@domain/money';
import { Button } from '../button';
import { storageCopy as copy } from '../../content/storage';
import { useCardAction } from '../../lib/use-card-action';
import { createStorageKey } from './api/storage-keys';

type Storage = NonNullable<Service['storage']>;

/** Sizes as the catalog sells them: decimal (1 GB = 10⁹ bytes). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // Whole bytes, and from 100 up, without a decimal; else to one decimal place (12.5 GB).
  const tenths = unit === 0 || value >= 100 ? Math.round(value) * 10 : Math.round(value * 10);
  const whole = groupIndian(String(Math.floor(tenths / 10)));
  // Written as en-IN's toLocaleString would write it, without a first Intl call in the tab: that
  // loads ICU's number data (some 100 ms on a throttled phone) while the dashboard renders.
  return `${whole}${tenths % 10 === 0 ? '' : `.${tenths % 10}`} ${units[unit]}`;
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
}

/**
 * A storage service's card (D24): endpoint, bucket, the access key id that works, the space used
 * (as converge last read it: the dashboard never asks the provider), "Create key" / "Rotate key"
 * with the secret shown once and a copy button, and how to connect with rclone, the AWS CLI and
 * Cyberduck, with this bucket's values filled in.
 */
export function StorageCard({
  serviceId,
  storage,
  live,
}: {
  serviceId: string;
  storage: Storage;
  live: boolean;
}) {
  const [keyId, setKeyId] = useState(storage.accessKeyId);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { busy, error, act } = useCardAction(copy.failed);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function create() {
    setCopied(null);
    await act(async () => {
      const key = await createStorageKey(serviceId);
      setKeyId(key.accessKeyId);
      setSecret(key.secretAccessKey);
      setConfirming(false);
    });
  }

  async function copySecret() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  const used = Math.min(100, (storage.usedBytes / Math.max(1, storage.quotaBytes)) * 100);
  const id = keyId ?? 'YOUR_ACCESS_KEY_ID';
  const secretText = copy.secretPlaceholder;
  const rclone = [
    '[mystorage]',
    'type = s3',
    'provider = Ceph',
    `endpoint = ${storage.endpoint}`,
    `access_key_id = ${id}`,
    `secret_access_key = ${secretText}`,
    '',
    `rclone copy ./photos mystorage:${storage.bucket}/photos`,
  ].join('\n');
  const aws = [
    `aws configure set aws_access_key_id ${id} --profile mystorage`,
    `aws configure set aws_secret_access_key ${secretText} --profile mystorage`,
    'aws configure set region us-east-1 --profile mystorage',
    `aws --profile mystorage --endpoint-url ${storage.endpoint} s3 cp ./notes.txt s3://${storage.bucket}/`,
    `aws --profile mystorage --endpoint-url ${storage.endpoint} s3 ls s3://${storage.bucket}/`,
  ].join('\n');

  return (
    <section className="mt-4 border-t border-slate-100 pt-3" aria-label={copy.title}>
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{copy.title}</h4>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">{copy.labels.endpoint}</dt>
        <dd className="font-mono break-all text-slate-800">{storage.endpoint}</dd>
        <dt className="text-slate-500">{copy.labels.bucket}</dt>
        <dd className="font-mono break-all text-slate-800">{storage.bucket}</dd>
        <dt className="text-slate-500">{copy.labels.accessKeyId}</dt>
        <dd className="font-mono break-all text-slate-800" data-testid="storage-key-id">
          {keyId ?? <span className="font-sans text-slate-500">{copy.noKeyYet}</span>}
        </dd>
        <dt className="text-slate-500">{copy.labels.used}</dt>
        <dd className="text-slate-800">
          {copy.usedOf(formatBytes(storage.usedBytes), formatBytes(storage.quotaBytes))}
          <div
            className="mt-1 h-1.5 w-full max-w-xs rounded-full bg-slate-100"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(used)}
            aria-label={copy.labels.used}
          >
            <div className="h-1.5 rounded-full bg-brand-600" style={{ width: `${used}%` }} />
          </div>
        </dd>
      </dl>

      {!live ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          {copy.suspended}
        </p>
      ) : null}

      {secret ? (
        <div
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
          role="alert"
        >
          <p className="font-semibold text-amber-900">{copy.secretTitle}</p>
          <p className="mt-1 text-amber-900">{copy.secretWarning}</p>
          <label className="mt-2 block text-xs text-slate-600" htmlFor={`secret-${serviceId}`}>
            {copy.secretLabel}
          </label>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <input
              id={`secret-${serviceId}`}
              readOnly
              value={secret}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-2 py-1 font-mono text-xs"
              data-testid="storage-secret"
            />
            <Button size="sm" variant="secondary" onClick={() => void copySecret()}>
              {copied === 'yes' ? copy.copied : copy.copy}
            </Button>
          </div>
          {copied === 'failed' ? <p className="mt-1 text-amber-900">{copy.copyFailed}</p> : null}
          <Button className="mt-3" size="sm" onClick={() => setSecret(null)}>
            {copy.done}
          </Button>
        </div>
      ) : live ? (
        <div className="mt-3">
          {confirming ? (
            <div className="rounded-lg bg-slate-50 p-3 text-sm">
              <p className="text-slate-700">{copy.rotateWarning}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button size="sm" disabled={busy} onClick={() => void create()}>
                  {busy ? copy.creating : copy.rotateConfirm}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                  {copy.cancel}
                </Button>
              </div>
            </div>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => (keyId ? setConfirming(true) : void create())}
            >
              {busy ? copy.creating : keyId ? copy.rotateKey : copy.createKey}
            </Button>
          )}
        </div>
      ) : null}
      {error ? (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}

      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">{copy.howToTitle}</summary>
        <p className="mt-2 text-slate-600">{copy.howToIntro}</p>
        <h5 className="mt-3 font-semibold text-slate-700">{copy.rclone}</h5>
        <pre className="mt-1 overflow-x-auto rounded bg-slate-900 p-2 text-xs text-slate-100 [contain:inline-size]">
          {rclone}
        </pre>
        <h5 className="mt-3 font-semibold text-slate-700">{copy.awsCli}</h5>
        <pre className="mt-1 overflow-x-auto rounded bg-slate-900 p-2 text-xs text-slate-100 [contain:inline-size]">
          {aws}
        </pre>
        <h5 className="mt-3 font-semibold text-slate-700">{copy.cyberduck}</h5>
        <ol className="mt-1 list-decimal space-y-1 pl-5 text-slate-700">
          {copy.cyberduckSteps(hostOf(storage.endpoint), storage.bucket, id).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </details>
    </section>
  );
}
