/** Copy of /dashboard. */
export const dashboardCopy = {
  loading: 'Loading your dashboard...',
  notFound: 'User data not found',
  loadFailed: 'Error loading your data. Please try again.',
  retry: 'Try again',
  welcome: (name: string) => `Welcome back, ${name}!`,
  welcomeFallbackName: 'User',
  subtitle: 'Manage your services, payments and account settings.',
  sidebarLabel: 'Dashboard sections',
  tabs: [
    { id: 'domain', label: 'Domains' },
    { id: 'hosting', label: 'Hosting' },
    { id: 'vps', label: 'VPS' },
    { id: 'storage', label: 'Storage' },
    { id: 'bundle', label: 'Bundles' },
    { id: 'payments', label: 'Payments' },
    { id: 'support', label: 'Support' },
    { id: 'settings', label: 'Settings' },
  ],
  logout: 'Logout',
  quickNewWebsite: 'New Website',
  quickAddDomain: 'Add Domain',
  /** The plan kind as the empty state names it: "You don't have any {x} plans yet". */
  categoryNoun: {
    domain: 'domain',
    hosting: 'hosting',
    vps: 'VPS',
    storage: 'storage',
    bundle: 'bundle',
  },
  categoryTitle: {
    domain: 'Your Domains',
    hosting: 'Your Hosting',
    vps: 'Your VPS Servers',
    storage: 'Your Cloud Storage',
    bundle: 'Your Bundles',
  },
  getPlanTo: {
    domain: '/domain',
    hosting: '/hosting',
    vps: '/vps',
    storage: '/storage',
    bundle: '/pricing',
  },
  empty: (noun: string) => `You don't have any ${noun} plans yet`,
  getPlan: 'Get Plan',
  currentPlanTitle: 'Current Active Plan',
  currentPlanExpires: 'Valid until',
  renewalLabel: 'Renews on',
  purchasedLabel: 'First bought on',
  servicePaymentsTitle: 'Payments',
  servicePaymentsLabel: (name: string) => `Payments for ${name}`,
  /** Amounts paid include the GST (D10). */
  paidAmount: (amount: string) => `${amount} incl. GST`,
  domainLabel: 'Domain',
  // D23: Premium and Enterprise Hosting's free first-year domain, on its own card as Basic Domain.
  freeDomainLabel: 'Free domain',
  freeDomainValue: (name: string) => `${name} (free for the first year; its own card below)`,
  /** Renewals (D14, D17): the card's Renew, and how near its renewal date is. */
  renew: 'Renew',
  /** D26: plan changes from the card. */
  changePlan: 'Change plan',
  changePlanLabel: (name: string) => `Change the plan of ${name}`,
  planUpdating: 'Updating…',
  planUpdatingNote:
    'Your new plan is yours now; the server is applying it and this takes a few minutes.',
  pendingPlan: (plan: string, date: string) => `Moves to ${plan} on ${date}`,
  renewLabel: (name: string) => `Renew ${name}`,
  expiresSoon: 'Expires soon',
  suspendedNote:
    'Suspended because it expired. Your site is offline, but nothing has been deleted: renew to bring it back.',
  daysLeft: (days: number) =>
    days === 0 ? 'Expires today' : days === 1 ? '1 day left' : `${days} days left`,
  paymentsTitle: 'Payment History',
  paymentsEmpty: 'No payment history found',
  paymentColumns: {
    date: 'Date',
    plan: 'Plan',
    amount: 'Amount (incl. GST)',
    status: 'Status',
    invoice: 'Tax invoice',
  },
  /** D15: each paid payment's GST tax invoice, as a PDF. */
  downloadInvoice: 'Download',
  downloadingInvoice: 'Downloading...',
  downloadInvoiceLabel: (number: string) => `Download tax invoice ${number} (PDF)`,
  paymentStatus: { paid: 'Paid', failed: 'Failed', review: 'Under review' } as Record<
    string,
    string
  >,
  settingsTitle: 'Account Settings',
  /** Delivery (D18): its status word (#26) until the service is ready, then how to reach it. */
  settingUpPanel:
    "We're setting up your hosting account. It usually takes a few minutes; we'll email you its details when it's ready.",
  /** D23: a domain moving in from another registrar. */
  transferLabel: 'Transfer in progress.',
  transferWaiting: (domain: string) =>
    `We have asked your current registrar to release ${domain} to us. This usually takes 5 to 7 days, and they may email you to approve it. There is nothing else you need to do.`,
  transferRegistrarSays: (detail: string) => `The registrar says: ${detail}`,
  settingUpManual:
    "Our team is setting this up, within 15 minutes during business hours. We'll email you its access details when it's ready.",
  accessTitle: 'Access details',
  accessLabels: { username: 'Username', server: 'Server', nameservers: 'Nameservers' },
  openPanel: 'Open control panel',
  openPanelLabel: (name: string) => `Open control panel for ${name}`,
  openingPanel: 'Opening...',
  panelNote: 'Signs you in with a single-use link. We never send passwords by email.',
} as const;
