/**
 * Sample documents for the template's tests, its preview image and the bench: SAMPLE DATA, not
 * a real company (the GSTINs are well-formed with valid check characters but made up).
 */
import type { BillingDetails } from '../../domain/gst';
import {
  buildCreditNote,
  buildInvoice,
  type CreditNoteDocument,
  type InvoiceDocument,
  type InvoicedPurchase,
  type SellerDetails,
} from '../../domain/invoice';
import type { Quote } from '../../domain/pricing';

export const SAMPLE_SELLER: SellerDetails = {
  legalName: 'Sample Hosting Private Limited',
  tradeName: 'Sample Hosting',
  line1: '3rd Floor, 12 Residency Road',
  line2: 'Shanthala Nagar',
  city: 'Bengaluru',
  pincode: '560025',
  state: 'Karnataka',
  gstin: '29AABCS1234Q1Z0',
  email: 'billing@example.in',
};

export const SAMPLE_BUYER_SAME_STATE: BillingDetails = {
  name: 'Asha Verma',
  line1: '14, 2nd Cross, Jayanagar 4th Block',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560011',
};

export const SAMPLE_BUYER_OTHER_STATE: BillingDetails = {
  name: 'Asha Traders Private Limited',
  line1: 'Office 402, Sai Heights',
  line2: 'Baner Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411045',
  gstin: '27AAFCA5678K1Z6',
};

/** 24 months of Basic Hosting with HOST10 (docs/api.md's worked example): ₹50,955.61. */
export const SAMPLE_QUOTE: InvoicedPurchase['quote'] = {
  months: 24,
  monthlyPricePaise: 249_900,
  basePaise: 5_997_600,
  durationDiscountPercent: 20,
  durationDiscountPaise: 1_199_520,
  promo: {
    code: 'HOST10',
    percent: 10,
    message: '10% additional discount applied',
    discountPaise: 479_808,
  },
  subtotalPaise: 4_318_272,
  feePaise: 777_289,
  totalPaise: 5_095_561,
  renewal: false,
} satisfies Partial<Quote>;

export const SAMPLE_PURCHASE: InvoicedPurchase = {
  paymentId: 'pay_Nx7gT4uVw8bYd1',
  orderId: 'order_Nx7fQm2kLp9aZc',
  planName: 'Basic Hosting',
  domain: 'ashatraders.in',
  startDate: '2026-11-22T02:02:03.000Z',
  renewalDate: '2028-11-22T02:02:03.000Z',
  name: 'Asha Verma',
  email: 'asha.verma@example.in',
  quote: SAMPLE_QUOTE,
};

export function sampleInvoice(
  billing: BillingDetails | null = SAMPLE_BUYER_OTHER_STATE,
): InvoiceDocument {
  return buildInvoice({
    number: 'INV/26-27/000001',
    issuedAt: SAMPLE_PURCHASE.startDate,
    purchase: SAMPLE_PURCHASE,
    billing,
    seller: SAMPLE_SELLER,
  });
}

/** A bundle-style partial refund: everything but ₹1,178.82 (D16). */
export function sampleCreditNote(invoice: InvoiceDocument = sampleInvoice()): CreditNoteDocument {
  return buildCreditNote({
    number: 'CN/26-27/000001',
    issuedAt: '2026-12-01T06:00:00.000Z',
    invoice,
    refundPaise: invoice.totalPaise - 117_882,
    refundId: 'rfnd_Oa1bC2dE3fG4hJ',
    reason: 'Cancelled within 30 days of payment',
  });
}

/** One year of Basic Domain for asharao.com (D21): ₹999.00 a year + 18% GST = ₹1,178.82. */
export function sampleDomainInvoice(
  billing: BillingDetails | null = SAMPLE_BUYER_SAME_STATE,
): InvoiceDocument {
  return buildInvoice({
    number: 'INV/26-27/000003',
    issuedAt: '2026-11-22T02:02:03.000Z',
    purchase: {
      paymentId: 'pay_Nx9hU5vWx0cZe2',
      orderId: 'order_Nx9gR3lMq1bAd4',
      planName: 'Basic Domain',
      domain: 'asharao.com',
      startDate: '2026-11-22T02:02:03.000Z',
      renewalDate: '2027-11-22T02:02:03.000Z',
      name: 'Asha Verma',
      email: 'asha.verma@example.in',
      quote: {
        months: 12,
        monthlyPricePaise: 8_325,
        basePaise: 99_900,
        durationDiscountPercent: 0,
        durationDiscountPaise: 0,
        promo: null,
        subtotalPaise: 99_900,
        feePaise: 17_982,
        totalPaise: 117_882,
        renewal: false,
        domain: { name: 'asharao.com', extension: '.com', years: 1, yearlyPricePaise: 99_900 },
      },
    },
    billing,
    seller: SAMPLE_SELLER,
  });
}
