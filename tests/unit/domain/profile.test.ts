import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, InvalidGstinError } from '../../../lambdas/domain/gst';
import {
  indianMobile,
  parseProfileUpdate,
  ProfileValidationError,
  type BillingDetails,
} from '../../../lambdas/domain/profile';

/** A real-shaped GSTIN for a state code, with a correct check character. */
const gstinFor = (code: string) => {
  const first14 = `${code}AAPFU0939F1Z`;
  return first14 + gstinCheckCharacter(first14);
};

const billing: BillingDetails = {
  name: 'Verma Traders',
  line1: '12, MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
};

function problemOf(run: () => unknown): ProfileValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ProfileValidationError) return error;
    throw error;
  }
  throw new Error('expected a ProfileValidationError');
}

describe('indianMobile', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['98765 43210', '+919876543210'],
    ['+91 98765-43210', '+919876543210'],
    ['09876543210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['+919876543210', '+919876543210'],
    ['(+91) 6000 000 000', '+916000000000'],
  ])('reads %s as %s', (input, expected) => {
    expect(indianMobile(input)).toBe(expected);
  });

  it.each(['5876543210', '987654321', '98765432101', '+14155550123', '+9198765abcde', ''])(
    'refuses %s (not a 10-digit Indian mobile number)',
    (input) => {
      expect(indianMobile(input)).toBeNull();
    },
  );
});

describe('parseProfileUpdate', () => {
  it('normalises what it keeps: trimmed text, E.164 phone, PIN digits, upper-case GSTIN', () => {
    const update = parseProfileUpdate({
      name: '  Asha   Verma ',
      phone: '98765 43210',
      billing: {
        ...billing,
        line2: '  ',
        pincode: '560 001',
        gstin: ` ${gstinFor('29').toLowerCase()} `,
      },
    });

    expect(update).toEqual({
      name: 'Asha Verma',
      phone: '+919876543210',
      billing: { ...billing, gstin: gstinFor('29') },
    });
  });

  it('changes only the fields it is given, and null removes the billing details', () => {
    expect(parseProfileUpdate({ phone: '+919812345678' })).toEqual({ phone: '+919812345678' });
    expect(parseProfileUpdate({ billing: null })).toEqual({ billing: null });
    expect(parseProfileUpdate({})).toEqual({});
  });

  it('tells one wrong field in its own sentence', () => {
    const error = problemOf(() =>
      parseProfileUpdate({ billing: { ...billing, pincode: '056001' } }),
    );

    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Please enter a 6-digit PIN code (it does not start with 0).');
  });

  it('lists every wrong field by a label a buyer understands', () => {
    const error = problemOf(() =>
      parseProfileUpdate({
        name: '',
        phone: '12345',
        billing: { ...billing, city: ' ', state: 'Bangalore', pincode: '5600' },
      }),
    );

    expect(error.message).toBe(
      'Please check these fields: Name, Phone number, City, State, PIN code.',
    );
    expect(error.problems.map((p) => p.field)).toEqual([
      'name',
      'phone',
      'billing.city',
      'billing.state',
      'billing.pincode',
    ]);
  });

  it('refuses control characters, which would break an invoice line or a mail header', () => {
    const error = problemOf(() => parseProfileUpdate({ name: 'Asha\r\nBcc: x@example.in' }));

    expect(error.problems.map((p) => p.field)).toEqual(['name']);
  });

  it('refuses a GSTIN of another state with the sentence the issue names', () => {
    const run = () =>
      parseProfileUpdate({ billing: { ...billing, state: 'Karnataka', gstin: gstinFor('27') } });

    expect(run).toThrow(InvalidGstinError);
    expect(run).toThrow('This GSTIN is not valid for the selected state.');
  });

  it('refuses a GSTIN whose check character is wrong, readably', () => {
    const good = gstinFor('29');
    const typo = good.slice(0, 14) + (good.endsWith('A') ? 'B' : 'A');

    expect(() => parseProfileUpdate({ billing: { ...billing, gstin: typo } })).toThrow(
      /does not add up/,
    );
  });

  it('names the wrong fields before judging the GSTIN against a state it does not know', () => {
    const error = problemOf(() =>
      parseProfileUpdate({ billing: { ...billing, state: 'Bombay', gstin: gstinFor('27') } }),
    );

    expect(error.message).toBe('Please choose your state or union territory from the list.');
  });
});

describe('parseProfileUpdate at its edges', () => {
  it('takes a name of exactly its limit and refuses one character more', () => {
    const longest = 'A'.repeat(100);
    expect(parseProfileUpdate({ name: longest }).name).toBe(longest);
    expect(() => parseProfileUpdate({ name: `${longest}A` })).toThrow(
      'Please enter your name (up to 100 characters).',
    );
  });

  it('names a missing billing field by its label, in lower case, with its limit', () => {
    expect(() => parseProfileUpdate({ billing: { ...billing, line1: ' ' } })).toThrow(
      'Please enter the address line 1 (up to 200 characters).',
    );
    expect(() => parseProfileUpdate({ billing: { ...billing, name: '' } })).toThrow(
      'Please enter the billing name (up to 100 characters).',
    );
  });

  it('keeps a line 2 that is given, and refuses one over its limit', () => {
    const kept = parseProfileUpdate({ billing: { ...billing, line2: ' Near  the temple ' } });
    expect(kept.billing?.line2).toBe('Near the temple');
    expect(() => parseProfileUpdate({ billing: { ...billing, line2: 'x'.repeat(201) } })).toThrow(
      'Please shorten address line 2 (up to 200 characters).',
    );
  });

  it('reads the state with spaces around it, and a PIN code with spaces anywhere', () => {
    const update = parseProfileUpdate({
      billing: { ...billing, state: ` ${billing.state} `, pincode: ' 5 6 0 0 0 1 ' },
    });
    expect(update.billing).toMatchObject({ state: billing.state, pincode: '560001' });
  });

  it('names each wrong line of the address by its field and label', () => {
    const error = problemOf(() =>
      parseProfileUpdate({ billing: { ...billing, name: ' ', line1: '', line2: 'x'.repeat(201) } }),
    );
    expect(error.message).toBe(
      'Please check these fields: Billing name, Address line 1, Address line 2.',
    );
    expect(error.problems.map((p) => p.field)).toEqual([
      'billing.name',
      'billing.line1',
      'billing.line2',
    ]);
  });

  it('treats a blank GSTIN as none', () => {
    const update = parseProfileUpdate({ billing: { ...billing, gstin: '   ' } });
    expect(update.billing).not.toHaveProperty('gstin');
  });

  it('takes a mobile number written with 0091, 91 or 0 in front, and no other', () => {
    for (const written of ['0091 98765 43210', '91-98765-43210', '098765 43210', '(98765) 43210']) {
      expect(parseProfileUpdate({ phone: written }).phone, written).toBe('+919876543210');
    }
    expect(() => parseProfileUpdate({ phone: '9876543210 1' })).toThrow(ProfileValidationError);
    expect(() => parseProfileUpdate({ phone: '919876543' })).toThrow(ProfileValidationError);
  });
});
