/**
 * Copy of the money-back guarantee on the dashboard (docs/decisions.md D6, D16): the card's offer,
 * the confirmation that states the amount, and a payment's refund and credit note.
 */
import type { Category } from '@domain/plan';
import { facts } from './facts';

export const refundsCopy = {
  guaranteeUntil: (date: string) => `Money-back guarantee until ${date}`,
  cancel: 'Cancel',
  cancelLabel: (name: string) => `Cancel ${name} for a refund`,
  dialogTitle: (name: string) => `Cancel ${name}?`,
  /** What happens, with the amount: the whole sentence the buyer agrees to. */
  dialogRefund: (amount: string, category: Category) =>
    category === 'bundle'
      ? `We will refund ${amount} to the card, UPI or bank account you paid with: everything you paid except the domain registration (${facts.bundleDomainRefundExcluded}).`
      : `We will refund ${amount} to the card, UPI or bank account you paid with: everything you paid.`,
  dialogEnds: (category: Category) =>
    category === 'hosting' || category === 'bundle'
      ? `The service ends now: your hosting is suspended at once. Nothing is deleted; ask support within ${facts.dataDeletionDays} days if you need a copy of your files.`
      : `The service ends now. Nothing is deleted; ask support within ${facts.dataDeletionDays} days if you need a copy of your data.`,
  dialogRuns: (date: string) =>
    `Your latest payment is refunded. Your service stays active until ${date}, which your earlier payment covers.`,
  dialogBank: `Razorpay sends the refund at once; your bank usually shows it within ${facts.refundReachesDays}. We email you when you cancel and again when the refund is processed, with a credit note.`,
  keep: 'Keep my service',
  confirm: (amount: string) => `Cancel and refund ${amount}`,
  cancelling: 'Cancelling...',
  cancelled: (amount: string) =>
    `Cancelled. Your refund of ${amount} has been requested; we have emailed you.`,
  /** A payment's refund (Payments). */
  refundPending: 'Refund pending',
  refunded: (amount: string) => `Refunded ${amount}`,
  refundFailed: 'Refund failed: our team is in touch',
  creditNote: 'Credit note',
  downloadCreditNoteLabel: (number: string) => `Download credit note ${number} (PDF)`,
} as const;
