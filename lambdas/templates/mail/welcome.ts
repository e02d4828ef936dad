/**
 * The welcome mail for a completed purchase: the plan, its period, what was paid, the renewal
 * date, the tax invoice's number, and how the service is being delivered. Never a password (D18):
 * the control panel opens from the dashboard through a single-use login.
 */
import type { PurchaseCompletedDetail } from '../../domain/api';
import { formatInr } from '../../domain/money';
import { statusWordsOf } from '../../domain/status-words';
import { accessRows, hasAccessDetails, type AccessDetails } from './access-details';
import { dashboardLink, formatDate, monthsText } from './format';
import {
  button,
  heading,
  note,
  paragraph,
  renderMail,
  rows,
  type Block,
  type MailContent,
  type Row,
} from './layout';
import { breakupRows, type PriceBreakup } from './price-breakup';

export interface WelcomeMailInput {
  purchase: Pick<
    PurchaseCompletedDetail,
    | 'name'
    | 'planName'
    | 'category'
    | 'months'
    | 'purchaseDate'
    | 'renewalDate'
    | 'amountPaise'
    | 'paymentId'
    | 'orderId'
    | 'domain'
    | 'invoiceNumber'
    | 'renewal'
    | 'change'
    | 'freeDomain'
  >;
  /** The purchase's quote, for the price breakup; without it the mail shows the total only. */
  quote?: PriceBreakup;
  /** The panel's answer, when the account is ready before the mail goes out. */
  access?: AccessDetails;
  /** The tax invoice's PDF goes with this mail. */
  invoiceAttached?: boolean;
  siteUrl: string;
}

export function welcomeMail(input: WelcomeMailInput): MailContent {
  if (input.purchase.change) return planChangedMail(input);
  const { purchase, siteUrl } = input;
  const renews = formatDate(purchase.renewalDate);
  const period = monthsText(purchase.months);
  const paid = formatInr(purchase.amountPaise);

  const plan: Row[] = [
    { label: 'Plan', value: purchase.planName },
    ...(purchase.domain ? [{ label: 'Domain', value: purchase.domain }] : []),
    ...(purchase.freeDomain
      ? [{ label: 'Free domain', value: `${purchase.freeDomain} (free for the first year)` }]
      : []),
    { label: 'Period', value: period },
    { label: 'Purchased on', value: formatDate(purchase.purchaseDate) },
    { label: 'Renewal date', value: renews },
    ...(purchase.invoiceNumber ? [{ label: 'Tax invoice', value: purchase.invoiceNumber }] : []),
  ];

  // #26: "is active" only once its account is there; until then it is paid and being set up.
  const ready = hasAccessDetails(input.access);
  const words = statusWordsOf({ state: ready ? 'active' : 'setting_up' });
  const title = purchase.renewal
    ? `Your ${purchase.planName} is renewed`
    : `Your ${purchase.planName} ${words.phrase}`;
  const blocks: Block[] = [
    paragraph(
      purchase.renewal
        ? `Thank you for renewing. We have received your payment of ${paid}, and your ${purchase.planName} now runs until ${renews}.`
        : ready
          ? `Thank you for your purchase. We have received your payment of ${paid}, and your ${purchase.planName} is active for ${period}, until ${renews}.`
          : `Thank you for your purchase. We have received your payment of ${paid} for ${period} of ${purchase.planName}, until ${renews}. We are setting it up now.`,
    ),
    rows(plan),
    heading('Amount paid'),
    rows(breakupRows(input.quote, purchase.amountPaise), { amounts: true }),
    ...(purchase.invoiceNumber
      ? [note(invoiceNote(purchase.invoiceNumber, input.invoiceAttached))]
      : []),
    ...(purchase.renewal ? [] : delivery(input)),
    ...(purchase.freeDomain && !purchase.renewal ? freeDomainBlocks(purchase.freeDomain) : []),
    button('Go to your dashboard', dashboardLink(siteUrl)),
    note(`Payment reference: ${purchase.paymentId} (order ${purchase.orderId}).`),
    note(guarantee(purchase.category)),
    ...(purchase.freeDomain
      ? [
          note(
            `A refund of ${purchase.planName} keeps nothing back for ${purchase.freeDomain}: it was free, and it stays yours until its first year ends.`,
          ),
        ]
      : []),
  ];

  return renderMail({
    subject: title,
    preheader: `Payment received: ${paid} for ${period} of ${purchase.planName}. Renews on ${renews}.`,
    heading: title,
    greetName: purchase.name,
    blocks,
    siteUrl,
    footer: 'You get this mail because you bought a service from us.',
  });
}

/**
 * A plan change paid now (D26): the new plan is the buyer's at once, the renewal date stays, and
 * the amount is the difference for the days left (its tax invoice says so).
 */
function planChangedMail(input: WelcomeMailInput): MailContent {
  const { purchase, siteUrl } = input;
  const change = purchase.change as NonNullable<WelcomeMailInput['purchase']['change']>;
  const renews = formatDate(purchase.renewalDate);
  const paid = formatInr(purchase.amountPaise);
  const days = `${change.remainingDays} ${change.remainingDays === 1 ? 'day' : 'days'}`;
  const blocks: Block[] = [
    paragraph(
      `Thank you for upgrading. We have received your payment of ${paid}, the difference for the ${days} left until your renewal date, and your ${change.fromPlanName} is now ${purchase.planName}.`,
    ),
    rows([
      { label: 'Plan', value: purchase.planName },
      { label: 'Was', value: change.fromPlanName },
      ...(purchase.domain ? [{ label: 'Domain', value: purchase.domain }] : []),
      { label: 'Renewal date', value: `${renews} (unchanged)` },
      ...(purchase.invoiceNumber ? [{ label: 'Tax invoice', value: purchase.invoiceNumber }] : []),
    ]),
    ...(purchase.invoiceNumber
      ? [note(invoiceNote(purchase.invoiceNumber, input.invoiceAttached))]
      : []),
    paragraph(
      'Your account moves to the new plan within a few minutes; your dashboard shows "Updating…" until it has. Nothing on your site changes and nothing needs to be done.',
    ),
    button('Go to your dashboard', dashboardLink(siteUrl)),
    note(`Payment reference: ${purchase.paymentId} (order ${purchase.orderId}).`),
    note(guarantee(purchase.category)),
  ];
  return renderMail({
    subject: `Your plan is now ${purchase.planName}`,
    preheader: `Payment received: ${paid} for the move from ${change.fromPlanName} to ${purchase.planName}. Renews on ${renews}, as before.`,
    heading: `Your plan is now ${purchase.planName}`,
    greetName: purchase.name,
    blocks,
    siteUrl,
    footer: 'You get this mail because you bought a service from us.',
  });
}

function invoiceNote(number: string, attached: boolean | undefined): string {
  return attached
    ? `Your tax invoice ${number} is attached to this mail as a PDF; it is also in Payments on your dashboard.`
    : `Your tax invoice ${number} is in Payments on your dashboard, as a PDF.`;
}

/** How the service reaches the buyer: by the panel (hosting), or by our team (the rest). */
function delivery(input: WelcomeMailInput): Block[] {
  const { purchase, access } = input;
  if (hasAccessDetails(access)) {
    return [
      heading('Access details'),
      rows(accessRows(access)),
      paragraph(
        'Open the control panel from your dashboard: it signs you in with a single-use link. For your security we never send passwords by email.',
      ),
    ];
  }
  switch (purchase.category) {
    case 'hosting':
    case 'bundle':
      return [
        heading('Your hosting account'),
        paragraph(
          "Your hosting account is being set up. You'll get its access details (username, server, nameservers and the control panel's address) in a separate email when it is ready, and you can open the control panel from your dashboard.",
        ),
      ];
    case 'domain':
      return [
        heading('Your domain'),
        paragraph(
          `We are registering ${purchase.domain ?? 'your domain'} at the registry now. You'll get an email when it is done, usually within minutes; its nameservers, DNS records and transfer lock are then on its card in your dashboard.`,
        ),
      ];
    case 'vps':
      // Made by converge on the VPS platform (D24): the ready mail says how to log in.
      return [
        heading('Your server'),
        paragraph(
          "We are setting up your server now. You'll get an email with its IP address and how to log in with your SSH key, usually within minutes. If you chose to add your key later, add it from your dashboard: set-up starts as soon as your server has a key.",
        ),
      ];
    case 'storage':
      return [
        heading('Your storage'),
        paragraph(
          "We are creating your bucket now. You'll get an email when it is ready, usually within minutes; then create its access key on your dashboard, where the secret key is shown once (we never email it).",
        ),
      ];
  }
}

/** Premium/Enterprise Hosting's free first-year domain (D23): registered as a domain of its own. */
function freeDomainBlocks(name: string): Block[] {
  return [
    heading('Your free domain'),
    paragraph(
      `We are registering ${name} for you, free for its first year. It is on your dashboard as a Basic Domain of its own, with its nameservers, DNS records and transfer lock; after its first year it renews at the domain's yearly price, with reminders before, like any domain.`,
    ),
  ];
}

/** D6/D16: what the 30-day guarantee covers for this purchase. */
function guarantee(category: WelcomeMailInput['purchase']['category']): string {
  switch (category) {
    case 'domain':
      return 'Domain registrations are not refundable.';
    case 'bundle':
      return "You can cancel from your dashboard within 30 days of payment for a refund of everything but the included domain's registration.";
    default:
      return 'You can cancel from your dashboard within 30 days of payment for a full refund (our 30-day money-back guarantee).';
  }
}
