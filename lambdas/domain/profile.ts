/**
 * A buyer's profile (docs/api.md, `GET/PUT /api/me/profile`; docs/decisions.md D19): the name and
 * Indian mobile number on the account and the billing details a tax invoice is addressed to. The
 * rules that a change must pass live here, so the API and the web's settings check the same ones.
 * The states, PIN codes and GSTINs are India's GST rules (./gst).
 */
import { CONTROL_CHARACTERS } from './contact';
import { DomainError } from './errors';
import { findState, isPincode, parseGstin, PINCODE_MESSAGE, type BillingDetails } from './gst';

export type { BillingDetails };

/** `Profile` (docs/api.md). */
export interface Profile {
  email: string;
  name: string;
  /** E.164 (+91XXXXXXXXXX), or '' when none is on record. */
  phone: string;
  billing: BillingDetails | null;
}

/** `PUT /api/me/profile`'s body: only the parts given change; `billing: null` removes them. */
export interface ProfileUpdate {
  name?: string;
  phone?: string;
  billing?: BillingDetails | null;
}

export const PROFILE_LIMITS = {
  name: 100,
  line: 200,
  city: 100,
} as const;

/**
 * An Indian mobile number as E.164 (+91 and ten digits, the first 6-9), from the ways people write
 * one: with spaces or dashes, a leading 0, 91 or +91. Null for anything else.
 */
export function indianMobile(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, '');
  const digits = compact.replace(/^(\+91|0091|91|0)(?=\d{10}$)/, '');
  return /^[6-9]\d{9}$/.test(digits) ? `+91${digits}` : null;
}

/** One field a change gets wrong: its label, and the sentence that says what it needs. */
export interface FieldProblem {
  field: string;
  label: string;
  message: string;
}

/**
 * A change with fields that break the rules. One problem is told in its own sentence; several are
 * listed by their labels, so the buyer sees every field to fix at once.
 */
export class ProfileValidationError extends DomainError {
  override readonly name = 'ProfileValidationError';
  readonly code = 'validation_failed';
  constructor(readonly problems: readonly FieldProblem[]) {
    super(
      problems.length === 1
        ? (problems[0] as FieldProblem).message
        : `Please check these fields: ${problems.map((p) => p.label).join(', ')}.`,
    );
  }
}

const PHONE_MESSAGE =
  'Please enter a 10-digit Indian mobile number, for example 98765 43210 or +91 98765 43210.';
const STATE_MESSAGE = 'Please choose your state or union territory from the list.';

/** Trimmed, inner runs of spaces made one; undefined when it breaks the length or has controls. */
function text(value: string, max: number): string | undefined {
  const clean = value.trim().replace(/\s+/g, ' ');
  if (clean === '' || clean.length > max || CONTROL_CHARACTERS.test(value)) return undefined;
  return clean;
}

/**
 * The change as it will be stored (names trimmed, the phone in E.164, the PIN code's digits, the
 * GSTIN upper-cased), or: a ProfileValidationError listing every field that breaks a rule, then,
 * once the rest is right, the GSTIN's own InvalidGstinError ("This GSTIN is not valid for the
 * selected state." and the others of ./gst). An empty line 2 or GSTIN means none.
 */
export function parseProfileUpdate(input: ProfileUpdate): ProfileUpdate {
  const problems: FieldProblem[] = [];
  const out: ProfileUpdate = {};

  if (input.name !== undefined) {
    const name = text(input.name, PROFILE_LIMITS.name);
    if (name === undefined) {
      problems.push({
        field: 'name',
        label: 'Name',
        message: `Please enter your name (up to ${PROFILE_LIMITS.name} characters).`,
      });
    } else out.name = name;
  }
  if (input.phone !== undefined) {
    const phone = indianMobile(input.phone);
    if (phone === null) {
      problems.push({ field: 'phone', label: 'Phone number', message: PHONE_MESSAGE });
    } else out.phone = phone;
  }

  let gstin: string | undefined;
  if (input.billing === null) out.billing = null;
  else if (input.billing !== undefined) {
    const b = input.billing;
    const required = (
      field: keyof BillingDetails,
      label: string,
      value: string,
      max: number,
    ): string => {
      const clean = text(value, max);
      if (clean === undefined) {
        problems.push({
          field: `billing.${field}`,
          label,
          message: `Please enter the ${label.toLowerCase()} (up to ${max} characters).`,
        });
      }
      return clean ?? '';
    };
    const name = required('name', 'Billing name', b.name, PROFILE_LIMITS.name);
    const line1 = required('line1', 'Address line 1', b.line1, PROFILE_LIMITS.line);
    const line2Given = (b.line2 ?? '').trim() !== '';
    const line2 = line2Given ? text(b.line2 ?? '', PROFILE_LIMITS.line) : undefined;
    if (line2Given && line2 === undefined) {
      problems.push({
        field: 'billing.line2',
        label: 'Address line 2',
        message: `Please shorten address line 2 (up to ${PROFILE_LIMITS.line} characters).`,
      });
    }
    const city = required('city', 'City', b.city, PROFILE_LIMITS.city);
    const state = findState(b.state.trim());
    if (!state) problems.push({ field: 'billing.state', label: 'State', message: STATE_MESSAGE });
    const pincode = b.pincode.replace(/\s+/g, '');
    if (!isPincode(pincode)) {
      problems.push({ field: 'billing.pincode', label: 'PIN code', message: PINCODE_MESSAGE });
    }
    gstin = (b.gstin ?? '').trim() === '' ? undefined : b.gstin;
    out.billing = {
      name,
      line1,
      ...(line2 ? { line2 } : {}),
      city,
      state: state?.name ?? '',
      pincode,
    };
  }

  if (problems.length > 0) throw new ProfileValidationError(problems);
  if (gstin !== undefined && out.billing) {
    out.billing.gstin = parseGstin(gstin, out.billing.state);
  }
  return out;
}
