/**
 * Tax invoices on the local stack, driven from outside (D15): an order of ₹50,000 or more needs a
 * billing address; once paid, the purchase has the first number of this financial year's series,
 * the dashboard's Payment and the welcome mail name it, and GET /api/me/invoices/{number} answers
 * the PDF through the local gateway byte for byte (the Lambda's base64 body decoded, as API
 * Gateway does), which pdftotext reads back with the number, the buyer and the total in words;
 * the welcome mail carries the same PDF as an attachment (SES SendRawEmail, read by the mailbox).
 * Another buyer's token gets 404 for the same number.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../lambdas/domain/api';
import { documentSeries } from '../../lambdas/domain/invoice';
import { SAMPLE_BUYER_OTHER_STATE } from '../../lambdas/templates/invoice/sample';
import { startLocalStack, type LocalStack } from '../helpers/local-stack';
import {
  api,
  eventually,
  mailbox,
  newUser,
  payOrder,
  signIn,
  signUp,
} from '../helpers/storefront-client';

let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalStack();
}, 60_000);
afterAll(async () => {
  await stack?.dispose();
});

interface OrderAnswer {
  orderId: string;
  amountPaise: number;
  quote: { subtotalPaise: number; tax?: { igstPaise: number; cgstPaise: number } };
}

async function invoice(path: string, token: string) {
  const res = await fetch(`${stack.baseUrl}/api/me/invoices/${path}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('tax invoices on the local stack', () => {
  it('buy, then GET the invoice PDF: its number, the buyer and the total in words', async () => {
    const buyer = newUser('invoice');
    await signUp(stack, buyer);
    const token = await signIn(stack, buyer);
    // 36 months of Basic Hosting: ₹62,974.80 taxable, over ₹50,000.
    const order = { planId: 'basichosting', months: 36 };

    const refused = await api(stack, 'POST', '/api/checkout/orders', { token, body: order });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'billing_address_required' } });

    const created = await api<OrderAnswer>(stack, 'POST', '/api/checkout/orders', {
      token,
      body: { ...order, billing: SAMPLE_BUYER_OTHER_STATE },
    });
    expect(created.status).toBe(201);
    // The sample seller is in Karnataka; the buyer in Maharashtra: IGST.
    expect(created.body.quote.tax).toMatchObject({ igstPaise: 1_133_546, cgstPaise: 0 });
    expect((await payOrder(stack, created.body.orderId, 'success')).status).toBe(200);

    const board = await eventually(async () => {
      const answer = await api<DashboardResponse>(stack, 'GET', '/api/me/dashboard', { token });
      return answer.body.payments?.some((p) => p.invoiceNumber) ? answer.body : undefined;
    }, 'the payment with its invoice number on the dashboard');
    // The first invoice of the financial year of the payment's date, as the stack's clock had it.
    const number = `${documentSeries('invoice', board.payments[0]!.date)}/000001`;
    expect(board.payments).toEqual([
      expect.objectContaining({ orderId: created.body.orderId, invoiceNumber: number }),
    ]);

    const slug = number.replaceAll('/', '-');
    const { res, bytes } = await invoice(slug, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${slug}.pdf"`);
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
      input: bytes,
      encoding: 'utf8',
    });
    expect(text).toContain(number);
    expect(text).toContain(SAMPLE_BUYER_OTHER_STATE.name);
    expect(text).toContain(SAMPLE_BUYER_OTHER_STATE.gstin);
    expect(text).toContain(
      'Rupees Seventy-Four Thousand Three Hundred Ten and Twenty-Six Paise Only',
    );
    expect(text).toMatch(/SAMPLE|Sample Hosting Private Limited/);

    // The same document by its URL-encoded number.
    const encoded = await invoice(encodeURIComponent(number), token);
    expect(encoded.res.status).toBe(200);
    expect(encoded.bytes.equals(bytes)).toBe(true);

    // The welcome mail names the invoice.
    const welcome = await eventually(async () => {
      const list = await mailbox(stack, buyer.email);
      return list.find((mail) => /is paid — we are setting it up$/.test(mail.subject));
    }, 'the welcome mail');
    expect(JSON.stringify(welcome)).toContain(number);
    // ...and carries it: the same PDF, sent through SES SendRawEmail and read by the mailbox.
    expect(welcome.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      [`${slug}.pdf`, 'application/pdf'],
    ]);
    const attached = execFileSync('pdftotext', ['-layout', '-', '-'], {
      input: Buffer.from(welcome.attachments?.[0]?.content ?? '', 'base64'),
      encoding: 'utf8',
    });
    expect(attached).toContain(number);
    expect(attached).toContain(
      'Rupees Seventy-Four Thousand Three Hundred Ten and Twenty-Six Paise Only',
    );
    expect(welcome.body.text).toContain(`Your tax invoice ${number} is attached to this mail`);

    // Another buyer asking for it learns nothing.
    const other = newUser('invoice-other');
    await signUp(stack, other);
    const otherToken = await signIn(stack, other);
    const theirs = await invoice(slug, otherToken);
    expect(theirs.res.status).toBe(404);
    expect(JSON.parse(theirs.bytes.toString('utf8'))).toMatchObject({
      error: { code: 'invoice_not_found' },
    });
  });

  it('answers 401 without a token', async () => {
    const res = await fetch(`${stack.baseUrl}/api/me/invoices/INV-26-27-000001`);
    expect(res.status).toBe(401);
  });
});
