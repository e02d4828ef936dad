/**
 * The console's words. They live with the console (not in web/src/content) so that none of them
 * is in a buyer's bundle: this module is imported only by the console's own chunk.
 */
import type { AuditAction, StuckKind } from '@domain/admin';
import type { OrderStatus } from '@domain/order';

export const adminCopy = {
  title: 'Operator console',
  subtitle: 'What needs a person today: payments to check, services to set up, mail that is stuck.',
  nav: [
    { path: '/admin/today', label: 'Today' },
    { path: '/admin/orders', label: 'Orders' },
    { path: '/admin/provisioning', label: 'Provisioning' },
    { path: '/admin/stuck', label: 'Stuck' },
    { path: '/admin/customers', label: 'Customers' },
  ],
  navLabel: 'Console sections',
  loading: 'Loading...',
  retry: 'Try again',
  loadFailed: 'We could not load this. Please try again.',

  orders: {
    title: 'Orders',
    filterLabel: 'Show orders that are',
    status: {
      review: 'In review',
      paid: 'Paid',
      failed: 'Failed',
      created: 'Awaiting payment',
      refunded: 'Refunded',
    } satisfies Record<OrderStatus, string>,
    empty: (status: string) => `No orders are ${status.toLowerCase()} right now.`,
    expected: 'Order amount',
    paid: 'Paid',
    paidUnknown: 'Razorpay did not answer; see the reason below',
    payment: 'Payment',
    created: 'Created',
    customer: 'Customer',
    plan: 'Plan',
    why: 'Why it waits',
    wasInReview: 'Was in review because',
    resolveTitle: 'Resolve',
    actionLabel: 'Action',
    actions: {
      fulfil: 'Fulfil: accept the payment and activate the service',
      refund: 'Refund: give the payment back to the buyer',
    },
    noteLabel: 'Note (required)',
    noteHint: 'Why you chose this, for the next person who reads the order.',
    noteMissing: 'Write a note: why you chose this, for the next person who reads the order.',
    submit: 'Resolve order',
    submitting: 'Resolving...',
    resolved: (orderId: string, status: string) =>
      `Order ${orderId} is ${status.toLowerCase()} now.`,
  },

  stuck: {
    title: 'Stuck',
    intro:
      'Work a consumer could not finish after its retries. Redrive sends the original event again; each consumer acts once, so nothing is sent twice.',
    empty: 'Nothing is stuck.',
    kind: {
      'welcome-mail': 'Welcome mail',
      'support-mail': 'Support mail',
      provisioning: 'Provisioning',
      refund: 'Refund',
    } satisfies Record<StuckKind, string>,
    failedAt: 'Failed',
    reason: 'What failed',
    redrive: 'Redrive',
    redriving: 'Redriving...',
    redriven: (summary: string) => `Sent again: ${summary}.`,
  },

  customers: {
    title: 'Customers',
    emailLabel: 'Customer email',
    search: 'Find',
    searching: 'Finding...',
    emailMissing: 'Type the email address to look for.',
    none: (email: string) => `No customer uses ${email}.`,
    services: 'Services',
    noServices: 'No services.',
    payments: 'Payments',
    noPayments: 'No payments.',
    mails: 'Mails',
    noMails: 'No mails yet.',
    mailState: {
      sent: 'Sent',
      sending: 'Sending',
      failed: 'Failed (see Stuck)',
      not_sent: 'Not sent yet',
    },
    invoice: 'Invoice',
    refund: 'Refund',
    renews: 'Renews',
    setup: 'setup',
    since: 'Customer since',
  },

  provisioning: {
    title: 'Provisioning',
    intro:
      'Services waiting for a person: VPS, storage and domains to set up by hand, and panel accounts the panel refused. Enter the access details (never a password: the buyer sets their own) and mark the service ready; the buyer is mailed them.',
    filterLabel: 'Show services that are',
    state: { manual: 'Waiting to be set up', failed: 'Refused by the panel' },
    empty: 'Nothing waits here right now.',
    since: 'Waiting since',
    why: 'What the panel said',
    detailsTitle: 'Access details',
    label: 'Label',
    value: 'Value',
    addDetail: 'Add a detail',
    noteLabel: 'Note (optional)',
    detailsMissing: 'Enter at least one access detail, each with a label and a value.',
    markReady: 'Mark ready and mail the buyer',
    marking: 'Saving...',
    ready: (plan: string, email: string) =>
      `${plan} is ready; ${email} has been mailed the details.`,
    retry: 'Retry on the panel',
    retrying: 'Retrying...',
    retried: (plan: string) => `${plan}: the panel is being tried again.`,
  },

  today: {
    title: 'Today',
    day: (day: string) => `India's day ${day} so far`,
    payments: 'Payments',
    refunds: 'Refunds',
    /** Every refund asked for today, whoever asked; failed ones are left out (see Stuck). */
    refundsBy: (
      count: number,
      byOrigin: { buyer?: number; operator?: number; razorpay?: number },
    ) =>
      [
        String(count),
        [
          byOrigin.buyer ? `${byOrigin.buyer} cancelled by buyers` : '',
          byOrigin.operator ? `${byOrigin.operator} by an operator` : '',
          byOrigin.razorpay ? `${byOrigin.razorpay} in Razorpay's dashboard` : '',
        ]
          .filter(Boolean)
          .join(', '),
      ]
        .filter(Boolean)
        .join(': '),
    newServices: 'New services',
    inReview: 'Orders in review',
    stuck: 'Stuck items',
    open: 'Open',
  },

  audit: {
    title: 'Audit trail',
    empty: 'No operator has acted on this yet.',
    action: {
      'order.fulfilled': 'Fulfilled the order',
      'order.refunded': 'Refunded the payment',
      'dead_letter.redriven': 'Redrove',
      'provisioning.ready': 'Marked ready',
      'provisioning.retried': 'Retried provisioning',
    } satisfies Record<AuditAction, string>,
  },
} as const;
