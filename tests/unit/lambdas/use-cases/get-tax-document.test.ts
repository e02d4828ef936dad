/**
 * The buyer's tax invoice or credit note by its number (GET /api/me/invoices/{invoiceNumber}), as
 * the use case answers it: which of the caller's documents a number names, read back from the PDF
 * with pdftotext, and the one refusal, the same for a number that is not one, is nobody's, or is
 * another buyer's. (The handler's spec checks the HTTP answer; the mutation runs leave it out.)
 */
import { execFileSync } from 'node:child_process';
import { beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../../../lambdas/domain/errors';
import { errorResponse } from '../../../../lambdas/http/error-response';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import {
  getTaxDocument,
  invoicePdfOf,
  InvoiceNotFoundError,
  type TaxDocumentPdf,
} from '../../../../lambdas/use-cases/get-tax-document';
import { BUYER, fakeWorld, type FakeWorld } from '../../../helpers/fakes/world';
import { RecordingLog } from '../../../helpers/fakes/stores';

const OTHER_BUYER = '0b9e6a52-3f1d-4b7c-8e2a-5c6d7e8f9a0b';

let world: FakeWorld;

beforeEach(() => {
  world = fakeWorld(new Date('2026-11-22T02:00:00.000Z'));
});

/** A paid order of `userId` for `planId`, fulfilled: the purchase, holding its invoice number. */
async function paid(userId: string, n: number, planId = 'basichosting') {
  const order = await world.givenOrder({
    orderId: `order_Invoice${n}`,
    receipt: `rcpt_invoice${n}`,
    userId,
    planId,
  });
  const result = await fulfilPayment(world, order, {
    paymentId: `pay_Invoice${n}`,
    orderId: order.orderId,
    amountPaise: order.amountPaise,
    currency: 'INR',
  });
  if (result.outcome !== 'fulfilled' || !result.purchase.invoiceNumber) {
    throw new Error('the order was not fulfilled with an invoice');
  }
  return { ...result.purchase, invoiceNumber: result.purchase.invoiceNumber };
}

/** The refund recorded on a purchase, then its credit note's number, as issue #15 has it. */
async function refunded(purchaseId: string, amountPaise: number, number?: string): Promise<void> {
  const key = `${BUYER.userId}#${purchaseId}`;
  const purchase = world.purchases.items.get(key);
  if (!purchase) throw new Error('no purchase');
  world.purchases.items.set(key, {
    ...purchase,
    creditNoteRefund: { amountPaise, refundId: 'rfnd_Nx9kQm3LpA1bZd' },
  });
  if (number) {
    await world.purchases.setDocumentNumber(
      BUYER.userId,
      purchaseId,
      'credit_note',
      number,
      '2026-12-01T05:00:00.000Z',
    );
  }
}

const get = (number: string, userId = BUYER.userId) => getTaxDocument(world, userId, number);

function text(document: TaxDocumentPdf): string {
  expect(Buffer.from(document.pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', '-', '-'], {
    input: document.pdf,
    encoding: 'utf8',
  });
}

describe('getTaxDocument', () => {
  it('answers the invoice a number names among several, with its file name', async () => {
    await paid(BUYER.userId, 1);
    await paid(BUYER.userId, 2, 'premiumhosting');

    const second = await get('INV/26-27/000002');

    expect(second.number).toBe('INV/26-27/000002');
    expect(second.fileName).toBe('INV-26-27-000002.pdf');
    const read = text(second);
    expect(read).toContain('TAX INVOICE');
    expect(read).toContain('INV/26-27/000002');
    expect(read).toContain('Premium Hosting');
    expect(read).not.toContain('Basic Hosting');
  });

  it('reads the number as a buyer may type or link it: slash-free, in small letters, spaced', async () => {
    await paid(BUYER.userId, 1);

    for (const typed of ['INV-26-27-000001', ' inv/26-27/000001 ', 'inv-26-27-000001']) {
      const document = await get(typed);
      expect(document.number, typed).toBe('INV/26-27/000001');
      expect(document.fileName, typed).toBe('INV-26-27-000001.pdf');
    }
  });

  it("answers a refunded payment's credit note by its number, and its invoice by the invoice's", async () => {
    const purchase = await paid(BUYER.userId, 1);
    await refunded(purchase.purchaseId, 1_000_000, 'CN/26-27/000001');

    const note = await get('CN-26-27-000001');
    const invoice = await get('INV-26-27-000001');

    expect(note.number).toBe('CN/26-27/000001');
    expect(note.fileName).toBe('CN-26-27-000001.pdf');
    const noteText = text(note);
    expect(noteText).toContain('CREDIT NOTE');
    expect(noteText).toContain('INV/26-27/000001');
    expect(noteText).toContain('Rupees Ten Thousand Only');
    expect(text(invoice)).toContain('TAX INVOICE');
  });

  it('passes over a refund whose credit note is not numbered yet, for the document asked', async () => {
    const first = await paid(BUYER.userId, 1);
    await paid(BUYER.userId, 2, 'premiumhosting');
    // The refund of the first is recorded; its credit note's number is not taken yet.
    await refunded(first.purchaseId, 1_000_000);

    const second = await get('INV-26-27-000002');

    expect(second.number).toBe('INV/26-27/000002');
    await expect(get('CN-26-27-000001')).rejects.toBeInstanceOf(InvoiceNotFoundError);
  });

  it('finds no credit note where no refund is recorded, though the number is on the purchase', async () => {
    const purchase = await paid(BUYER.userId, 1);
    await world.purchases.setDocumentNumber(
      BUYER.userId,
      purchase.purchaseId,
      'credit_note',
      'CN/26-27/000001',
      '2026-12-01T05:00:00.000Z',
    );

    await expect(get('CN-26-27-000001')).rejects.toBeInstanceOf(InvoiceNotFoundError);
  });

  it("refuses another buyer's number, one nobody holds and text that is no number alike", async () => {
    await paid(OTHER_BUYER, 1);

    const refusals = await Promise.all(
      [
        'INV-26-27-000001',
        'INV-26-27-000002',
        'CN-26-27-000001',
        'invoice',
        'INV-26-28-000001',
      ].map((number) =>
        get(number).then(
          () => undefined,
          (error: unknown) => error,
        ),
      ),
    );

    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(InvoiceNotFoundError);
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({
        name: 'InvoiceNotFoundError',
        code: 'invoice_not_found',
        message:
          'We could not find that invoice in your account. Please open it from Payments on your dashboard.',
      });
    }
    const answer = errorResponse(refusals[0], new RecordingLog());
    expect(answer.statusCode).toBe(404);
  });
});

describe('invoicePdfOf', () => {
  it("is the purchase's invoice as the dashboard serves it", async () => {
    const purchase = await paid(BUYER.userId, 1);

    const attached = await invoicePdfOf(purchase, world);
    const served = await get('INV-26-27-000001');

    expect(attached.number).toBe('INV/26-27/000001');
    expect(attached.fileName).toBe('INV-26-27-000001.pdf');
    expect(text(attached)).toBe(text(served));
  });
});
