/**
 * India's GST as the store's tax invoices apply it (docs/decisions.md D10, D15): the states and
 * union territories with their GST state codes, GSTIN and PIN code checks, the place of supply,
 * the split of the 18% GST into CGST + SGST (or UTGST) or IGST, and the ₹50,000 rule for
 * unregistered buyers. Pure: no I/O, no environment; the seller's state is an input.
 */
import { DomainError } from './errors';
import type { Paise } from './money';
import type { Quote } from './pricing';

export interface GstState {
  /** The name as the GST portal lists it (title case): the value `Profile.billing.state` holds. */
  name: string;
  /** Two digits, the first two characters of every GSTIN registered there. */
  code: string;
  /**
   * A union territory without a legislature collects UTGST instead of SGST (UTGST Act 2017, s. 7):
   * the invoice names the tax for what it is. Delhi, Puducherry and Jammu and Kashmir have
   * legislatures and collect SGST.
   */
  utgst: boolean;
}

/**
 * The GST portal's state codes, in code order. Left out on purpose: 25 (Daman and Diu, merged into
 * 26 in 2020), 28 (Andhra Pradesh before 2014), 97 (Other Territory) and 99 (Centre Jurisdiction),
 * none of which a buyer's billing address can be in today.
 */
export const GST_STATES: readonly GstState[] = [
  { code: '01', name: 'Jammu and Kashmir', utgst: false },
  { code: '02', name: 'Himachal Pradesh', utgst: false },
  { code: '03', name: 'Punjab', utgst: false },
  { code: '04', name: 'Chandigarh', utgst: true },
  { code: '05', name: 'Uttarakhand', utgst: false },
  { code: '06', name: 'Haryana', utgst: false },
  { code: '07', name: 'Delhi', utgst: false },
  { code: '08', name: 'Rajasthan', utgst: false },
  { code: '09', name: 'Uttar Pradesh', utgst: false },
  { code: '10', name: 'Bihar', utgst: false },
  { code: '11', name: 'Sikkim', utgst: false },
  { code: '12', name: 'Arunachal Pradesh', utgst: false },
  { code: '13', name: 'Nagaland', utgst: false },
  { code: '14', name: 'Manipur', utgst: false },
  { code: '15', name: 'Mizoram', utgst: false },
  { code: '16', name: 'Tripura', utgst: false },
  { code: '17', name: 'Meghalaya', utgst: false },
  { code: '18', name: 'Assam', utgst: false },
  { code: '19', name: 'West Bengal', utgst: false },
  { code: '20', name: 'Jharkhand', utgst: false },
  { code: '21', name: 'Odisha', utgst: false },
  { code: '22', name: 'Chhattisgarh', utgst: false },
  { code: '23', name: 'Madhya Pradesh', utgst: false },
  { code: '24', name: 'Gujarat', utgst: false },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', utgst: true },
  { code: '27', name: 'Maharashtra', utgst: false },
  { code: '29', name: 'Karnataka', utgst: false },
  { code: '30', name: 'Goa', utgst: false },
  { code: '31', name: 'Lakshadweep', utgst: true },
  { code: '32', name: 'Kerala', utgst: false },
  { code: '33', name: 'Tamil Nadu', utgst: false },
  { code: '34', name: 'Puducherry', utgst: false },
  { code: '35', name: 'Andaman and Nicobar Islands', utgst: true },
  { code: '36', name: 'Telangana', utgst: false },
  { code: '37', name: 'Andhra Pradesh', utgst: false },
  { code: '38', name: 'Ladakh', utgst: true },
];

/**
 * The names in alphabetical order, as a billing form's list shows them. A plain sort: for these
 * ASCII title-case names it is the alphabetical order (tests/unit/domain/gst.test.ts checks it
 * against localeCompare), and it spares every Lambda that imports this module a collator's ICU
 * start-up (10-40 ms) at each cold start.
 */
export const GST_STATE_NAMES: readonly string[] = GST_STATES.map((s) => s.name).sort();

const byName = new Map(GST_STATES.map((s) => [s.name, s]));
const byCode = new Map(GST_STATES.map((s) => [s.code, s]));

/** The state of an exact GST state name, or undefined. */
export function findState(name: string): GstState | undefined {
  return byName.get(name);
}

export function findStateByCode(code: string): GstState | undefined {
  return byCode.get(code);
}

export class UnknownStateError extends DomainError {
  override readonly name = 'UnknownStateError';
  readonly code = 'validation_failed';
  constructor(readonly state: string) {
    super('Please choose your state or union territory from the list.');
  }
}

/** The state of a GST state name; anything else is an UnknownStateError. */
export function stateNamed(name: string): GstState {
  const state = findState(name);
  if (!state) throw new UnknownStateError(name);
  return state;
}

// ---------------------------------------------------------------------------------------------
// GSTIN

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A regular taxpayer's GSTIN: state code, PAN (5 letters, 4 digits, a letter), the entity number
 * for that PAN in that state (1-9, then A-Z), 'Z', and a check character.
 */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** As typed: spaces dropped and letters upper-cased, so "27aapfu0939f1zv " is accepted. */
export function normalizeGstin(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/**
 * GSTN's check character over the first 14 characters: each character's base-36 value is
 * multiplied by 1 and 2 alternately (1 for the first), each product's base-36 digits are added
 * (⌊p ÷ 36⌋ + p mod 36), and the check is the value that brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) {
    throw new RangeError(`expected 14 characters of 0-9 and A-Z, got ${first14}`);
  }
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = BASE36.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36.charAt((36 - (sum % 36)) % 36);
}

export type GstinProblem = 'format' | 'state' | 'check_digit';

export const GSTIN_MESSAGES: Readonly<Record<GstinProblem, string>> = {
  format:
    'A GSTIN has 15 characters: the 2-digit state code, the 10-character PAN, then 3 more (for example 27AAPFU0939F1ZV).',
  state: 'This GSTIN is not valid for the selected state.',
  check_digit:
    'This GSTIN does not add up: its last character does not match the rest. Please check it for a typing mistake.',
};

/**
 * What is wrong with a GSTIN for a billing address in `stateName`, or null when it is valid. The
 * state is checked before the check character: a buyer who chose the wrong state learns that,
 * rather than that a correct GSTIN has a typing mistake.
 */
export function gstinProblem(gstin: string, stateName: string): GstinProblem | null {
  const value = normalizeGstin(gstin);
  if (!GSTIN_SHAPE.test(value)) return 'format';
  if (findState(stateName)?.code !== value.slice(0, 2)) return 'state';
  if (gstinCheckCharacter(value.slice(0, 14)) !== value.charAt(14)) return 'check_digit';
  return null;
}

export class InvalidGstinError extends DomainError {
  override readonly name = 'InvalidGstinError';
  readonly code = 'invalid_gstin';
  constructor(readonly problem: GstinProblem) {
    super(GSTIN_MESSAGES[problem]);
  }
}

/** The normalized GSTIN when it is valid for the state; otherwise an InvalidGstinError. */
export function parseGstin(gstin: string, stateName: string): string {
  const problem = gstinProblem(gstin, stateName);
  if (problem) throw new InvalidGstinError(problem);
  return normalizeGstin(gstin);
}

// ---------------------------------------------------------------------------------------------
// PIN code

/** India Post's PIN codes: six digits, the first (the postal zone) 1-9. */
export function isPincode(value: string): boolean {
  return /^[1-9][0-9]{5}$/.test(value);
}

export const PINCODE_MESSAGE = 'Please enter a 6-digit PIN code (it does not start with 0).';

// ---------------------------------------------------------------------------------------------
// Billing details, place of supply and the tax split

/** `Profile.billing` (docs/api.md): where the tax invoice is addressed. */
export interface BillingDetails {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  /** One of GST_STATES' names. */
  state: string;
  pincode: string;
  gstin?: string;
}

/**
 * Place of supply of a service to a buyer in India (IGST Act s. 12(2)): the buyer's billing state;
 * with no address on record, the seller's state.
 */
export function placeOfSupply(
  buyerState: string | null | undefined,
  sellerState: string,
): GstState {
  return buyerState ? stateNamed(buyerState) : stateNamed(sellerState);
}

export interface GstSplit {
  placeOfSupply: GstState;
  /** The place of supply is the seller's state: CGST + SGST (or UTGST); otherwise IGST. */
  intraState: boolean;
  cgstPaise: Paise;
  /** SGST, or UTGST where the seller's state is a union territory without a legislature. */
  sgstPaise: Paise;
  igstPaise: Paise;
}

/**
 * The 18% GST (`feePaise`, already rounded by the quote) as the invoice charges it. Within the
 * seller's state it is halved into CGST 9% + SGST 9%; an odd paisa goes to CGST (the half that is
 * rounded up), so CGST + SGST is always exactly the fee and the two differ by at most one paisa.
 * In another state all of it is IGST 18%.
 */
export function splitGst(
  feePaise: Paise,
  buyerState: string | null | undefined,
  sellerState: string,
): GstSplit {
  const supply = placeOfSupply(buyerState, sellerState);
  const intraState = supply.code === stateNamed(sellerState).code;
  if (!intraState) {
    return { placeOfSupply: supply, intraState, cgstPaise: 0, sgstPaise: 0, igstPaise: feePaise };
  }
  const cgstPaise = Math.ceil(feePaise / 2);
  return {
    placeOfSupply: supply,
    intraState,
    cgstPaise,
    sgstPaise: feePaise - cgstPaise,
    igstPaise: 0,
  };
}

/** `Quote.tax` (docs/api.md): the split of the quote's fee once the buyer's state is known. */
export interface QuoteTax {
  placeOfSupply: { state: string; code: string };
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
}

export function quoteTax(
  quote: Pick<Quote, 'feePaise'>,
  buyerState: string | null | undefined,
  sellerState: string,
): QuoteTax {
  const split = splitGst(quote.feePaise, buyerState, sellerState);
  return {
    placeOfSupply: { state: split.placeOfSupply.name, code: split.placeOfSupply.code },
    cgstPaise: split.cgstPaise,
    sgstPaise: split.sgstPaise,
    igstPaise: split.igstPaise,
  };
}

// ---------------------------------------------------------------------------------------------
// The ₹50,000 rule

/**
 * CGST Rules, rule 46(e): for an unregistered buyer, the invoice must carry the buyer's name and
 * address (with state) when the taxable value is ₹50,000 or more.
 */
export const BUYER_ADDRESS_THRESHOLD_PAISE: Paise = 5_000_000;

/** Whether billing details name the buyer and give a complete address. */
export function hasBuyerAddress(billing: BillingDetails | null | undefined): boolean {
  return (
    !!billing &&
    billing.name.trim() !== '' &&
    billing.line1.trim() !== '' &&
    billing.city.trim() !== '' &&
    findState(billing.state) !== undefined &&
    isPincode(billing.pincode)
  );
}

/** Whether an order of this taxable value must wait for the buyer's name and address. */
export function needsBuyerAddress(
  taxablePaise: Paise,
  billing: BillingDetails | null | undefined,
): boolean {
  return taxablePaise >= BUYER_ADDRESS_THRESHOLD_PAISE && !hasBuyerAddress(billing);
}

export class BillingAddressRequiredError extends DomainError {
  override readonly name = 'BillingAddressRequiredError';
  readonly code = 'billing_address_required';
  constructor() {
    super(
      'For an order of ₹50,000 or more, the tax invoice must carry your name and billing address. Please add your billing details.',
    );
  }
}

/** Throws BillingAddressRequiredError when the ₹50,000 rule needs details the order lacks. */
export function assertBuyerAddress(
  taxablePaise: Paise,
  billing: BillingDetails | null | undefined,
): void {
  if (needsBuyerAddress(taxablePaise, billing)) throw new BillingAddressRequiredError();
}
