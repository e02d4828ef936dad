/** The words of a VPS's checkout choices and its dashboard card (D24). */
export const vpsCopy = {
  // Checkout
  sectionTitle: 'Your server',
  osLabel: 'Operating system',
  hostnameLabel: 'Hostname',
  hostnameHint: 'Lowercase letters, digits and hyphens, like asha-web-1.',
  hostnameInvalid:
    'A hostname is up to 63 lowercase letters, digits and hyphens, not starting or ending with a hyphen.',
  keyLabel: 'SSH public key',
  keyHint:
    'Paste the one line of your .pub file (ssh-ed25519, ecdsa-sha2-… or ssh-rsa of 2048 bits or more). Your server has no password: this key is how you log in.',
  keyPlaceholder: 'ssh-ed25519 AAAAC3Nza… you@laptop',
  keyLater: 'I’ll add my key later',
  keyLaterHint:
    'You can pay now. We set up your server as soon as you add a key from your dashboard.',
  keyMissing: 'Paste your SSH public key, or tick “I’ll add my key later”.',
  keyNotPublic:
    'That does not look like an SSH public key. Paste the one line of your .pub file: it starts with ssh-ed25519, ecdsa-sha2- or ssh-rsa.',
  keyPrivate:
    'That is a private key: never share it, with us or anyone. Paste the public key instead: the one line of the file ending in .pub.',
  summaryOs: 'Operating system',
  // Card
  cardTitle: 'Server',
  ip: 'IP address',
  os: 'Operating system',
  hostname: 'Hostname',
  power: 'Power',
  login: 'Log in',
  running: 'Running',
  stopped: 'Stopped',
  unknown: 'Checking…',
  settingUp: 'Setting up your server. We will email you its IP address when it is running.',
  waitsForKey:
    'Set-up waits for your SSH key. Add one below and we will set up your server at once.',
  start: 'Start',
  stop: 'Stop',
  reboot: 'Reboot',
  busy: 'Working…',
  keysTitle: 'SSH keys',
  keysHint: 'One key per line. New keys reach a running server at its next reboot.',
  keysSave: 'Save keys',
  keysSaved: 'Keys saved.',
  reinstallTitle: 'Reinstall',
  reinstallWarning: (hostname: string) =>
    `Reinstalling erases everything on the server's disk and installs the system you choose. Your IP address and SSH keys stay. Type ${hostname} to confirm.`,
  reinstallConfirmLabel: 'Type the hostname to confirm',
  reinstallButton: 'Reinstall',
  reinstallingPower: (os: string) => `Reinstalling ${os}…`,
  reinstallingNote: (os: string) =>
    `Reinstalling ${os}. This takes a few minutes: everything on the disk is replaced, your IP address and SSH keys stay. This card updates by itself.`,
  couldNot: 'That did not work. Please try again in a minute.',
} as const;
