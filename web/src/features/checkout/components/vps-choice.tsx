import { hostnameFor, isHostname, VPS_OS_IDS, VPS_OS_NAMES, type VpsOs } from '@domain/vps';
import { vpsCopy as copy } from '../../../content/vps';

export interface VpsChoice {
  os: VpsOs;
  hostname: string;
  key: string;
  later: boolean;
}

export function initialVpsChoice(name: string | undefined): VpsChoice {
  return { os: 'ubuntu-24.04', hostname: hostnameFor(name ?? ''), key: '', later: false };
}

const KEY_START = /^(ssh-ed25519|ecdsa-sha2-nistp(256|384|521)|ssh-rsa) [A-Za-z0-9+/=]{20,}/;

/** The browser's first look at the choice (the server checks the key for real with sshpk). */
export function vpsChoiceProblem(choice: VpsChoice): string | null {
  if (!isHostname(choice.hostname.trim().toLowerCase())) return copy.hostnameInvalid;
  if (choice.later) return null;
  const key = choice.key.trim();
  if (!key) return copy.keyMissing;
  if (/PRIVATE KEY/i.test(key)) return copy.keyPrivate;
  if (!key.split('\n').every((line) => !line.trim() || KEY_START.test(line.trim()))) {
    return copy.keyNotPublic;
  }
  return null;
}

/** What the order sends as `vps` (CONTRACT: `{os, sshKeys?, hostname?}`). */
export function vpsOrderOf(choice: VpsChoice) {
  const sshKeys = choice.later
    ? []
    : choice.key
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
  return { os: choice.os, hostname: choice.hostname.trim().toLowerCase(), sshKeys };
}

const FIELD =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/** A VPS's OS, hostname and SSH key at checkout (D24). */
export function VpsChoiceFields({
  value,
  error,
  onChange,
}: {
  value: VpsChoice;
  /** The browser's or the server's sentence about the key or hostname. */
  error: string | null;
  onChange: (choice: VpsChoice) => void;
}) {
  return (
    <fieldset className="mt-5 space-y-4" data-testid="vps-choice">
      <legend className="text-base font-semibold text-slate-900">{copy.sectionTitle}</legend>
      <div>
        <label htmlFor="vps-os" className="block text-sm font-medium text-slate-800">
          {copy.osLabel}
        </label>
        <select
          id="vps-os"
          value={value.os}
          onChange={(event) => {
            const os = VPS_OS_IDS.find((id) => id === event.target.value);
            if (os) onChange({ ...value, os });
          }}
          className={`${FIELD} sm:w-72`}
          data-testid="vps-os"
        >
          {VPS_OS_IDS.map((id) => (
            <option key={id} value={id}>
              {VPS_OS_NAMES[id]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="vps-hostname" className="block text-sm font-medium text-slate-800">
          {copy.hostnameLabel}
        </label>
        <input
          id="vps-hostname"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={value.hostname}
          onChange={(event) => onChange({ ...value, hostname: event.target.value })}
          className={`${FIELD} sm:w-72`}
          aria-describedby="vps-hostname-hint"
          data-testid="vps-hostname"
        />
        <p id="vps-hostname-hint" className="mt-1 text-sm text-slate-500">
          {copy.hostnameHint}
        </p>
      </div>
      <div>
        <label htmlFor="vps-key" className="block text-sm font-medium text-slate-800">
          {copy.keyLabel}
        </label>
        <textarea
          id="vps-key"
          rows={3}
          spellCheck={false}
          autoCapitalize="none"
          placeholder={value.later ? '' : copy.keyPlaceholder}
          value={value.later ? '' : value.key}
          disabled={value.later}
          onChange={(event) => onChange({ ...value, key: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby="vps-key-hint"
          className={`${FIELD} font-mono text-xs disabled:bg-slate-100`}
          data-testid="vps-key"
        />
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={value.later}
            onChange={(event) => onChange({ ...value, later: event.target.checked })}
            data-testid="vps-key-later"
          />
          {copy.keyLater}
        </label>
        <p
          id="vps-key-hint"
          role={error ? 'alert' : undefined}
          className={`mt-1 text-sm ${error ? 'font-medium text-red-700' : 'text-slate-500'}`}
          data-testid="vps-key-hint"
        >
          {error ?? (value.later ? copy.keyLaterHint : copy.keyHint)}
        </p>
      </div>
    </fieldset>
  );
}
