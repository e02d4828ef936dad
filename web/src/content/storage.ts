/** A storage service's card (D24): its bucket, its key, and how to connect. */
export const storageCopy = {
  settingUp:
    "We're creating your bucket. It usually takes a minute; we'll email you when it's ready.",
  title: 'Your bucket',
  labels: {
    endpoint: 'Endpoint',
    bucket: 'Bucket',
    accessKeyId: 'Access key ID',
    used: 'Space used',
  },
  noKeyYet: 'None yet: create one below',
  usedOf: (used: string, quota: string) => `${used} of ${quota}`,
  createKey: 'Create key',
  rotateKey: 'Rotate key',
  creating: 'Creating...',
  rotateWarning:
    'A new key replaces the current one: the current key stops working at once, so anything that uses it (backups, sync) must be given the new key.',
  rotateConfirm: 'Rotate key now',
  cancel: 'Keep the current key',
  secretTitle: 'Your secret access key (shown once)',
  secretWarning:
    'Copy it now and keep it in your password manager or backup tool. We do not keep it, so it cannot be shown again: if you lose it, rotate the key.',
  secretLabel: 'Secret access key',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Select the key and copy it by hand.',
  done: "I've saved it",
  suspended:
    'This storage is suspended: your keys are refused until it is renewed. Your files are kept.',
  howToTitle: 'How to connect',
  howToIntro:
    'Any S3 tool works. Use path-style addressing, and your secret key where these say YOUR_SECRET_KEY.',
  secretPlaceholder: 'YOUR_SECRET_KEY',
  rclone: 'rclone',
  awsCli: 'AWS CLI',
  cyberduck: 'Cyberduck',
  cyberduckSteps: (host: string, bucket: string, keyId: string) => [
    'Open Connection, and choose "Amazon S3 (Deprecated path style requests)" (install that profile from Preferences → Profiles if it is not listed).',
    `Server: ${host}`,
    `Access Key ID: ${keyId}`,
    'Secret Access Key: your secret key',
    `Connect, then open the folder /${bucket}.`,
  ],
  failed: 'Something went wrong. Please try again in a moment.',
} as const;
