/** What a bundle's checkout and card say about its parts (D24). */
export const bundleCopy = {
  registerTitle: 'Domain included with your bundle',
  registerLabel: 'Domain name to register',
  registerPlaceholder: 'yourbusiness.com',
  registerHint:
    'We register this name for you, in your billing name, for as long as the bundle runs. It can be your hosting domain. Leave it empty if you already own your domain.',
  // Premium and Enterprise Hosting's "Free domain for the first year" (D23): the same field.
  freeDomainTitle: 'Free domain for the first year',
  freeDomainHint:
    "We register this name for you free for one year, in your billing name. It then renews at the domain's yearly price (₹999 + GST for a .com), with reminders before. It can be your hosting domain. Leave it empty if you do not want one.",
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
