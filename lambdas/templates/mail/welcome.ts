/**
 * The welcome mail for a completed purchase: the plan, its period, what was paid, the renewal
 * date, the tax invoice's number, and how the service is being delivered. Never a password (D18):
 * the control panel opens from the dashboard through a single-use login.
 */
import type { PurchaseCompletedDetail } from '../../domain/api';
import { formatInr } from '../../domain/money';
import { accessRows, hasAccessDetails, type AccessDetails } from './access-details';
import { MANUAL_SETUP_PROMISE, dashboardLink, formatDate, monthsText } from './format';
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
  >;
  /** The purchase's quote, for the price breakup; without it the mail shows the total only. */
  quote?: PriceBreakup;
  /** The panel's answer, when the account is ready before the mail goes out. */
  access?: AccessDetails;
  siteUrl: string;
}

export function welcomeMail(input: WelcomeMailInput): MailContent {
  const { purchase, siteUrl } = input;
  const renews = formatDate(purchase.renewalDate);
  const period = monthsText(purchase.months);
  const paid = formatInr(purchase.amountPaise);

  const plan: Row[] = [
    { label: 'Plan', value: purchase.planName },
    ...(purchase.domain ? [{ label: 'Domain', value: purchase.domain }] : []),
    { label: 'Period', value: period },
    { label: 'Purchased on', value: formatDate(purchase.purchaseDate) },
    { label: 'Renewal date', value: renews },
    ...(purchase.invoiceNumber ? [{ label: 'Tax invoice', value: purchase.invoiceNumber }] : []),
  ];

  const blocks: Block[] = [
    paragraph(
      purchase.renewal
        ? `Thank you for renewing. We have received your payment of ${paid}, and your ${purchase.planName} now runs until ${renews}.`
        : `Thank you for your purchase. We have received your payment of ${paid}, and your ${purchase.planName} is active for ${period}, until ${renews}.`,
    ),
    rows(plan),
    heading('Amount paid'),
    rows(breakupRows(input.quote, purchase.amountPaise), { amounts: true }),
    ...(purchase.invoiceNumber
      ? [
          note(
            `Your tax invoice ${purchase.invoiceNumber} is in Payments on your dashboard, as a PDF.`,
          ),
        ]
      : []),
    ...(purchase.renewal ? [] : delivery(input)),
    button('Go to your dashboard', dashboardLink(siteUrl)),
    note(`Payment reference: ${purchase.paymentId} (order ${purchase.orderId}).`),
    note(guarantee(purchase.category)),
  ];

  return renderMail({
    subject: `Your ${purchase.planName} is active`,
    preheader: `Payment received: ${paid} for ${period} of ${purchase.planName}. Renews on ${renews}.`,
    heading: `Your ${purchase.planName} is active`,
    greetName: purchase.name,
    blocks,
    siteUrl,
    footer: 'You get this mail because you bought a service from us.',
  });
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
    case 'storage':
      return [
        heading('Your storage'),
        paragraph(
          "We are creating your bucket now. You'll get an email when it is ready, usually within minutes; then create its access key on your dashboard, where the secret key is shown once (we never email it).",
        ),
      ];
    case 'vps':
      return [
        heading(purchase.category === 'vps' ? 'Your server' : 'Your storage'),
        paragraph(
          `Our team is setting up your ${purchase.planName}. You'll get its access details in a separate email ${MANUAL_SETUP_PROMISE}.`,
        ),
      ];
  }
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
