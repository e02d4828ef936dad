/**
 * A service's renewal date is near (D17: 30, 7 and 1 days before it). There is no automatic
 * charge: the buyer renews through checkout, at the plan's renewal price (D14).
 */
import { formatInr, type Paise } from '../../domain/money';
import type { Category } from '../../domain/plan';
import { DURATIONS } from '../../domain/pricing';
import {
  dashboardLink,
  formatDate,
  monthsText,
  periodWords,
  renewLink,
  serviceName,
} from './format';
import { button, note, paragraph, renderMail, rows, type MailContent } from './layout';

export const REMINDER_DAYS = [30, 7, 1] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

export interface RenewalReminderMailInput {
  name: string;
  planId: string;
  planName: string;
  category: Category;
  domain?: string;
  renewalDate: string;
  /**
   * Whole days left until the renewal date as the buyer counts them: 30, 7 or 1 on the reminder's
   * own day; fewer when the renewal date was nearer than that when it was bought (a month's plan
   * bought in February), so the mail never says more than is left.
   */
  daysBefore: ReminderDays | number;
  /** The buyer's own renewal: `renewalMonths` at the renewal price, discount and GST included. */
  renewalPricePaise: Paise;
  /** The period that price is for: the buyer's own (a monthly buyer renews a month). */
  renewalMonths: number;
  /** When a hosting account is suspended if not renewed (D17); absent for other services. */
  suspendsOn?: string;
  siteUrl: string;
  /**
   * Auto-renew is on and will debit this renewal (D25): the mail says so instead of asking the
   * buyer to act.
   */
  autoRenew?: { mandateLabel: string; amountPaise: Paise; months: number; debitOn: string };
}

export function renewalReminderMail(input: RenewalReminderMailInput): MailContent {
  if (input.autoRenew) return autoRenewingMail(input, input.autoRenew);
  const date = formatDate(input.renewalDate);
  const when =
    input.daysBefore === 0
      ? 'today'
      : input.daysBefore === 1
        ? 'tomorrow'
        : `in ${input.daysBefore} days`;
  const price = formatInr(input.renewalPricePaise);
  const service = serviceName(input);
  return renderMail({
    subject: `Your ${input.planName} expires ${when}`,
    preheader: `Renew before ${date} to keep it running: ${price} for ${periodWords(input.renewalMonths)}, GST included.`,
    heading: `Your ${input.planName} expires ${when}`,
    greetName: input.name,
    blocks: [
      paragraph(
        `Your ${service} expires on ${date}. Renew it to keep it running without a break; renewing early loses nothing, as the new period starts from your current renewal date.`,
      ),
      rows([
        { label: 'Service', value: service },
        { label: 'Renewal date', value: date },
        {
          label: 'Renewal price',
          value: `${price} for ${periodWords(input.renewalMonths)}, GST included`,
        },
      ]),
      button('Renew now', renewLink(input.siteUrl, { ...input, months: input.renewalMonths })),
      ...(input.suspendsOn
        ? [
            note(
              `If it is not renewed, your site stays online until ${formatDate(input.suspendsOn)} and is then suspended. Nothing is deleted: renewing brings it back.`,
            ),
          ]
        : []),
      note(
        `Checkout also offers ${otherPeriods(input.renewalMonths)} months, with longer periods discounted. Your services: ${dashboardLink(input.siteUrl)}`,
      ),
    ],
    siteUrl: input.siteUrl,
    footer: 'You get this mail because a service of yours is due for renewal.',
  });
}

/** Auto-renew will debit this renewal (D25): no nagging, but the buyer is told what will happen. */
function autoRenewingMail(
  input: RenewalReminderMailInput,
  auto: NonNullable<RenewalReminderMailInput['autoRenew']>,
): MailContent {
  const date = formatDate(input.renewalDate);
  const debitOn = formatDate(auto.debitOn);
  const amount = formatInr(auto.amountPaise);
  const service = serviceName(input);
  return renderMail({
    subject: `Your ${input.planName} renews automatically on ${date}`,
    preheader: `Nothing to do: auto-renew debits ${amount} from ${auto.mandateLabel} on or after ${debitOn}.`,
    heading: `Your ${input.planName} renews automatically`,
    greetName: input.name,
    blocks: [
      paragraph(
        `Your ${service} renews on ${date}. Auto-renew is on, so there is nothing you need to do: we will debit ${amount}, GST included, for ${monthsText(auto.months)} from ${auto.mandateLabel} on or after ${debitOn}, and email you 3 days before the debit.`,
      ),
      rows([
        { label: 'Service', value: service },
        { label: 'Renewal date', value: date },
        { label: 'Auto-renew', value: `On, from ${auto.mandateLabel}` },
      ]),
      button('Manage auto-renew', dashboardLink(input.siteUrl)),
      note('You can turn auto-renew off on the service at any time; nothing is debited then.'),
    ],
    siteUrl: input.siteUrl,
    footer: 'You get this mail because a service of yours is due for renewal.',
  });
}

/** "1, 24 or 36": the periods besides the one the price above is for. */
function otherPeriods(renewing: number): string {
  const others = DURATIONS.filter((months) => months !== renewing).map(String);
  return others.length > 1
    ? `${others.slice(0, -1).join(', ')} or ${others.at(-1)}`
    : others.join('');
}
