/** What a bundle's checkout and card say about its parts (D24). */
export const bundleCopy = {
  registerTitle: 'Domain included with your bundle',
  registerLabel: 'Domain name to register',
  registerPlaceholder: 'yourbusiness.com',
  registerHint:
    'We register this name for you, in your billing name, for as long as the bundle runs. It can be your hosting domain. Leave it empty if you already own your domain.',
  partsTitle: 'In this bundle',
  kinds: {
    hosting: 'Hosting',
    domain: 'Domain',
    storage: 'Cloud storage',
    vps: 'VPS',
  },
  /** A part out of step (its badge: Needs attention), when the registry gave no reason. */
  failedNote: 'Our team has been told and is on it.',
} as const;
