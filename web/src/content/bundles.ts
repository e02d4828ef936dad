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
  // "Choose your domain" on a bundle bought with its domain left empty (D24).
  choose: {
    title: 'Choose your domain',
    intro:
      'Your bundle includes a domain for as long as it runs. Choose its name and we register it for you, in your billing name.',
    // A hosting's free first-year domain taken meanwhile (D23).
    freeIntro:
      'Choose another name for your free first year and we register it for you, in your billing name. It renews after that year like any domain.',
    label: 'Domain name',
    placeholder: 'yourbusiness.com',
    check: 'Check availability',
    checking: 'Checking…',
    available: (name: string) => `${name} is available.`,
    taken: (name: string) => `${name} is already registered by someone else. Try another name.`,
    register: (name: string) => `Register ${name}`,
    // The registry needs the registrant's address and mobile number (D23): saved to the profile first.
    saveAndRegister: (name: string) => `Save details and register ${name}`,
    registering: 'Registering…',
    chosen: (name: string) =>
      `We are registering ${name} for you. It shows here as Active once the registry confirms it.`,
    failed: 'We could not check that name just now. Please try again in a minute.',
  },
  /** A part out of step (its badge: Needs attention), when the registry gave no reason. */
  failedNote: 'Our team has been told and is on it.',
} as const;
