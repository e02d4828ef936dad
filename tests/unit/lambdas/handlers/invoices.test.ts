/**
 * GET /api/me/invoices/{invoiceNumber}: the buyer's own tax invoice (or credit note) as a PDF in a
 * base64 body API Gateway decodes, read back with pdftotext; 404 invoice_not_found for a number
 * that is not the caller's, whoever holds it, and for anything that is not a number.
 */
import { execFileSync } from 'node:child_process';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { readInvoiceFonts } from '../../../../lambdas/adapters/fonts/invoice-fonts';
import { makeHandler } from '../../../../lambdas/handlers/invoices';
import type { HttpResult } from '../../../../lambdas/http/response';
import { SAMPLE_BUYER_OTHER_STATE } from '../../../../lambdas/templates/invoice/sample';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { BUYER, fakeWorld, type FakeWorld } from '../../../helpers/fakes/world';
import { httpEvent, parse } from './handler-world';

const OTHER_BUYER = '0b9e6a52-3f1d-4b7c-8e2a-5c6d7e8f9a0b';

let world: FakeWorld;
let handler: ReturnType<typeof makeHandler>;

beforeEach(() => {
  world = fakeWorld(new Date('2026-11-22T02:00:00.000Z'));
  handler = makeHandler({
    purchases: world.purchases,
    seller: world.seller,
    fonts: () => readInvoiceFonts(),
  });
});

/** A paid order of `userId`, fulfilled: its purchase holds the next invoice number. */
async function paid(userId: string, n: number): Promise<string> {
  const order = await world.givenOrder({
    orderId: `order_Invoice${n}`,
    userId,
    months: 24,
    promoCode: 'HOST10',
    billing: SAMPLE_BUYER_OTHER_STATE,
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
  return result.purchase.invoiceNumber;
}

function request(path: string, userId = BUYER.userId): APIGatewayProxyEventV2 {
  const event = httpEvent('get-invoice.json');
  event.pathParameters = { invoiceNumber: path };
  event.rawPath = `/api/me/invoices/${path}`;
  const context = event.requestContext as unknown as {
    authorizer: { jwt: { claims: Record<string, string> } };
  };
  context.authorizer.jwt.claims.sub = userId;
  return event;
}

function pdfText(answer: HttpResult): string {
  expect(answer.isBase64Encoded).toBe(true);
  const bytes = Buffer.from(String(answer.body), 'base64');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes, encoding: 'utf8' });
}

describe('invoices handler', () => {
  it("answers the caller's tax invoice as a PDF, by its slash-free number", async () => {
    const number = await paid(BUYER.userId, 1);

    const answer = await handler(request('INV-26-27-000001'));

    expect(number).toBe('INV/26-27/000001');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="INV-26-27-000001.pdf"',
      'cache-control': 'private, no-store',
    });
    const text = pdfText(answer);
    expect(text).toContain('INV/26-27/000001');
    expect(text).toContain('Asha Traders Private Limited');
    expect(text).toContain('27AAFCA5678K1Z6');
    expect(text).toContain('Sample Hosting Private Limited');
    expect(text).toMatch(/IGST/);
    expect(text).toContain(
      'Rupees Fifty Thousand Nine Hundred Fifty-Five and Sixty-One Paise Only',
    );
  });

  it('takes the number URL-encoded or as written too', async () => {
    await paid(BUYER.userId, 1);

    const encoded = await handler(request('INV%2F26-27%2F000001'));
    const written = await handler(request('INV/26-27/000001'));

    expect(encoded.statusCode).toBe(200);
    expect(written.statusCode).toBe(200);
    expect(pdfText(encoded)).toContain('INV/26-27/000001');
  });

  it("answers 404 invoice_not_found for another buyer's invoice, as for one that does not exist", async () => {
    await paid(OTHER_BUYER, 1);

    const theirs = parse(await handler(request('INV-26-27-000001')));
    const none = parse(await handler(request('INV-26-27-000002')));

    expect(theirs).toEqual(none);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json).toMatchObject({ error: { code: 'invoice_not_found' } });
  });

  it('answers 404 for anything that is not a document number', async () => {
    await paid(BUYER.userId, 1);

    for (const path of ['INV-26-28-000001', 'INV-26-27-000000', 'invoice', '%E0%A4%A', '']) {
      const answer = parse(await handler(request(path)));
      expect(answer.statusCode, path).toBe(404);
    }
  });

  it('keeps the billing details the order froze, whatever the profile says later', async () => {
    await paid(BUYER.userId, 1);
    await world.users.createUserIfMissing({ ...BUYER, createdAt: '2026-11-22T02:00:00.000Z' });
    await world.users.updateProfile(
      BUYER.userId,
      { billing: { ...SAMPLE_BUYER_OTHER_STATE, name: 'Renamed Later Pvt Ltd' } },
      '2026-12-01T00:00:00.000Z',
    );

    const text = pdfText(await handler(request('INV-26-27-000001')));

    expect(text).toContain('Asha Traders Private Limited');
    expect(text).not.toContain('Renamed Later');
  });

  it("answers the credit note of a refunded payment by the credit note's number", async () => {
    await paid(BUYER.userId, 1);
    const [purchase] = await world.purchases.listPurchases(BUYER.userId);
    if (!purchase) throw new Error('no purchase');
    // What the refund records before it takes the credit note's number (issue #15).
    world.purchases.items.set(`${BUYER.userId}#${purchase.purchaseId}`, {
      ...purchase,
      creditNoteRefund: { amountPaise: 1_000_000, refundId: 'rfnd_Nx9kQm3LpA1bZd' },
    });
    await world.purchases.setDocumentNumber(
      BUYER.userId,
      purchase.purchaseId,
      'credit_note',
      'CN/26-27/000001',
      '2026-12-01T05:00:00.000Z',
    );

    const answer = await handler(request('CN-26-27-000001'));

    expect(answer.statusCode).toBe(200);
    const text = pdfText(answer);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('CN/26-27/000001');
    expect(text).toContain('INV/26-27/000001');
  });
});
