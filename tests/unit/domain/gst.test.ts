import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  BillingAddressRequiredError,
  BUYER_ADDRESS_THRESHOLD_PAISE,
  GST_STATE_NAMES,
  GST_STATES,
  GSTIN_MESSAGES,
  InvalidGstinError,
  UnknownStateError,
  assertBuyerAddress,
  findState,
  findStateByCode,
  gstinCheckCharacter,
  gstinProblem,
  isPincode,
  needsBuyerAddress,
  parseGstin,
  placeOfSupply,
  quoteTax,
  splitGst,
  type BillingDetails,
} from '../../../lambdas/domain/gst';
import { quote } from '../../../lambdas/domain/pricing';

const SELLER_STATE = 'Karnataka';

const billing: BillingDetails = {
  name: 'Asha Traders Private Limited',
  line1: '14, 2nd Cross, Jayanagar 4th Block',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560011',
};

describe('GST states and union territories', () => {
  it('lists the 28 states and 8 union territories once each, with the portal codes', () => {
    expect(GST_STATES).toHaveLength(36);
    expect(new Set(GST_STATES.map((s) => s.code)).size).toBe(36);
    expect(new Set(GST_STATES.map((s) => s.name)).size).toBe(36);
    expect(findState('Maharashtra')?.code).toBe('27');
    expect(findState('Karnataka')?.code).toBe('29');
    expect(findState('Delhi')?.code).toBe('07');
    expect(findState('Telangana')?.code).toBe('36');
    expect(findState('Andhra Pradesh')?.code).toBe('37');
    expect(findState('Ladakh')?.code).toBe('38');
    expect(findState('Dadra and Nagar Haveli and Daman and Diu')?.code).toBe('26');
    expect(findStateByCode('25')).toBeUndefined(); // Daman and Diu, merged into 26
    expect(findStateByCode('28')).toBeUndefined(); // Andhra Pradesh before 2014
  });

  it('marks the union territories without a legislature, which collect UTGST', () => {
    expect(
      GST_STATES.filter((s) => s.utgst)
        .map((s) => s.name)
        .sort(),
    ).toEqual([
      'Andaman and Nicobar Islands',
      'Chandigarh',
      'Dadra and Nagar Haveli and Daman and Diu',
      'Ladakh',
      'Lakshadweep',
    ]);
  });

  it('offers the names alphabetically for a form', () => {
    expect(GST_STATE_NAMES[0]).toBe('Andaman and Nicobar Islands');
    expect(GST_STATE_NAMES.at(-1)).toBe('West Bengal');
    expect([...GST_STATE_NAMES].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(GST_STATE_NAMES);
  });
});

describe('GSTIN', () => {
  it('computes the check character by the GSTN base-36 algorithm (worked example)', () => {
    // 27AAPFU0939F1Z: values 2 7 10 10 25 15 30 0 9 3 9 15 1 35, weights 1 2 1 2 …
    // products 2 14 10 20 25 30 30 0 9 6 9 30 1 70; 70 in base 36 is "1 34" → 1 + 34 = 35
    // sum 2+14+10+20+25+30+30+0+9+6+9+30+1+35 = 221; 221 mod 36 = 5; 36 − 5 = 31 → 'V'
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('accepts real GSTINs for their own state, typed in any case and with spaces', () => {
    expect(gstinProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull();
    expect(gstinProblem('29AAGCB7383J1Z4', 'Karnataka')).toBeNull();
    expect(gstinProblem('33AAACH7409R1Z8', 'Tamil Nadu')).toBeNull();
    expect(parseGstin(' 24aaacc 1206d1zm ', 'Gujarat')).toBe('24AAACC1206D1ZM');
  });

  it('refuses a GSTIN of another state with the message the buyer needs', () => {
    expect(gstinProblem('27AAPFU0939F1ZV', 'Karnataka')).toBe('state');
    expect(() => parseGstin('27AAPFU0939F1ZV', 'Karnataka')).toThrow(
      'This GSTIN is not valid for the selected state.',
    );
  });

  it('refuses a wrong check character readably', () => {
    expect(gstinProblem('27AAPFU0939F1ZW', 'Maharashtra')).toBe('check_digit');
    const error = catchError(() => parseGstin('27AAPFU0939F1ZW', 'Maharashtra'));
    expect(error).toBeInstanceOf(InvalidGstinError);
    expect(error).toMatchObject({ code: 'invalid_gstin', message: GSTIN_MESSAGES.check_digit });
  });

  it.each([
    ['too short', '27AAPFU0939F1Z'],
    ['too long', '27AAPFU0939F1ZVX'],
    ['a digit where the PAN has a letter', '27AAPF10939F1ZV'],
    ['no Z in the 14th place', '27AAPFU0939F1AV'],
    ['entity number 0', '27AAPFU0939F0ZV'],
    ['punctuation', '27-APFU0939F1ZV'],
  ])('refuses a GSTIN of the wrong shape: %s', (_case, gstin) => {
    expect(gstinProblem(gstin, 'Maharashtra')).toBe('format');
  });

  const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  const digit = fc.constantFrom(...'0123456789');
  const validGstin = fc
    .tuple(
      fc.constantFrom(...GST_STATES),
      fc.array(upper, { minLength: 5, maxLength: 5 }),
      fc.array(digit, { minLength: 4, maxLength: 4 }),
      upper,
      fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
    )
    .map(([state, letters, digits, last, entity]) => {
      const first14 = `${state.code}${letters.join('')}${digits.join('')}${last}${entity}Z`;
      return { state, gstin: first14 + gstinCheckCharacter(first14) };
    });

  it('accepts every well-formed GSTIN whose check character is right (property)', () => {
    fc.assert(
      fc.property(validGstin, ({ state, gstin }) => {
        expect(gstinProblem(gstin, state.name)).toBeNull();
      }),
    );
  });

  it('catches every single changed character after the state code (property)', () => {
    fc.assert(
      fc.property(
        validGstin,
        fc.integer({ min: 2, max: 14 }),
        fc.integer({ min: 1, max: 35 }),
        ({ state, gstin }, position, shift) => {
          const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
          const changed =
            gstin.slice(0, position) +
            alphabet.charAt((alphabet.indexOf(gstin.charAt(position)) + shift) % 36) +
            gstin.slice(position + 1);
          expect(gstinProblem(changed, state.name)).not.toBeNull();
        },
      ),
    );
  });
});

describe('PIN code', () => {
  it('is six digits not starting with 0', () => {
    expect(isPincode('560011')).toBe(true);
    expect(isPincode('110001')).toBe(true);
    expect(isPincode('060011')).toBe(false);
    expect(isPincode('56001')).toBe(false);
    expect(isPincode('5600111')).toBe(false);
    expect(isPincode('56001a')).toBe(false);
    expect(isPincode('560 011')).toBe(false);
  });
});

describe('place of supply and the split of the 18% GST', () => {
  it('is the buyer billing state, or without an address the seller state', () => {
    expect(placeOfSupply('Maharashtra', SELLER_STATE).code).toBe('27');
    expect(placeOfSupply(null, SELLER_STATE)).toMatchObject({ name: 'Karnataka', code: '29' });
    expect(placeOfSupply(undefined, SELLER_STATE).code).toBe('29');
    expect(() => placeOfSupply('Bombay', SELLER_STATE)).toThrow(UnknownStateError);
  });

  it('same state: CGST 9% + SGST 9%, the odd paisa to CGST (worked example)', () => {
    // 24 months of Basic Hosting with HOST10: subtotal 43,182.72, fee 18% = 7,772.89 (777,289 p)
    // 777,289 is odd: CGST = ⌈777,289 ÷ 2⌉ = 388,645; SGST = 777,289 − 388,645 = 388,644
    const q = quote(
      { id: 'basichosting', name: 'Basic Hosting', monthlyPricePaise: 249_900 },
      24,
      'HOST10',
    );
    expect(q.feePaise).toBe(777_289);
    expect(quoteTax(q, 'Karnataka', SELLER_STATE)).toEqual({
      placeOfSupply: { state: 'Karnataka', code: '29' },
      cgstPaise: 388_645,
      sgstPaise: 388_644,
      igstPaise: 0,
    });
  });

  it('another state: IGST 18%, all of the fee', () => {
    // 12 months of Basic Hosting: subtotal 29,988.00, fee 5,397.84, all IGST
    const q = quote({ id: 'basichosting', name: 'Basic Hosting', monthlyPricePaise: 249_900 }, 12);
    expect(quoteTax(q, 'Maharashtra', SELLER_STATE)).toEqual({
      placeOfSupply: { state: 'Maharashtra', code: '27' },
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 539_784,
    });
  });

  it('no address on record: the seller state, so CGST + SGST', () => {
    expect(quoteTax({ feePaise: 539_784 }, null, SELLER_STATE)).toEqual({
      placeOfSupply: { state: 'Karnataka', code: '29' },
      cgstPaise: 269_892,
      sgstPaise: 269_892,
      igstPaise: 0,
    });
  });

  it('adds up to the fee exactly, halves within a paisa (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.option(fc.constantFrom(...GST_STATE_NAMES), { nil: null }),
        fc.constantFrom(...GST_STATE_NAMES),
        (fee, buyer, seller) => {
          const split = splitGst(fee, buyer, seller);
          expect(split.cgstPaise + split.sgstPaise + split.igstPaise).toBe(fee);
          expect(split.intraState).toBe((buyer ?? seller) === seller);
          if (split.intraState) {
            expect(split.igstPaise).toBe(0);
            expect(split.cgstPaise - split.sgstPaise).toBeGreaterThanOrEqual(0);
            expect(split.cgstPaise - split.sgstPaise).toBeLessThanOrEqual(1);
          } else {
            expect(split.cgstPaise + split.sgstPaise).toBe(0);
          }
        },
      ),
    );
  });
});

describe('the ₹50,000 rule for unregistered buyers', () => {
  it('needs a name and address from ₹50,000 of taxable value, not below', () => {
    expect(BUYER_ADDRESS_THRESHOLD_PAISE).toBe(5_000_000);
    expect(needsBuyerAddress(4_999_999, null)).toBe(false);
    expect(needsBuyerAddress(5_000_000, null)).toBe(true);
    expect(needsBuyerAddress(5_000_000, billing)).toBe(false);
    expect(needsBuyerAddress(5_000_000, { ...billing, line1: '  ' })).toBe(true);
    expect(needsBuyerAddress(5_000_000, { ...billing, pincode: '' })).toBe(true);
    expect(needsBuyerAddress(5_000_000, { ...billing, state: 'Mysore' })).toBe(true);
  });

  it('refuses such an order with billing_address_required', () => {
    expect(() => assertBuyerAddress(5_000_000, null)).toThrow(BillingAddressRequiredError);
    expect(catchError(() => assertBuyerAddress(9_000_000, undefined))).toMatchObject({
      code: 'billing_address_required',
    });
    expect(() => assertBuyerAddress(4_999_999, null)).not.toThrow();
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('the edges of the GST rules', () => {
  it('finds a state by its portal code, and none for a code left out', () => {
    expect(findStateByCode('29')).toEqual({ code: '29', name: 'Karnataka', utgst: false });
    expect(findStateByCode('25')).toBeUndefined();
  });

  it('computes a check character over exactly 14 characters of 0-9 and A-Z, refusing anything else by name', () => {
    for (const bad of ['-27AAPFU0939F1Z', '27AAPFU0939F1Z-', '27aapfu0939f1z', '27AAPFU0939F1']) {
      expect(() => gstinCheckCharacter(bad), bad).toThrow(
        new RangeError(`expected 14 characters of 0-9 and A-Z, got ${bad}`),
      );
    }
  });

  it('calls a well-formed GSTIN for a state that is not one a GSTIN of another state', () => {
    expect(gstinProblem('27AAPFU0939F1ZV', 'Bombay Presidency')).toBe('state');
  });

  it('needs a name and a city that are more than spaces', () => {
    expect(needsBuyerAddress(5_000_000, { ...billing, name: '   ' })).toBe(true);
    expect(needsBuyerAddress(5_000_000, { ...billing, city: ' ' })).toBe(true);
  });
});

describe('what the module makes when it is loaded, in a copy loaded by the test', () => {
  // The states, the GSTIN shape and alphabet, the messages and the ₹50,000 threshold are made
  // once, when the file is imported. The rules' specs share one module registry under StrykerJS
  // (vitest.stryker.config.ts), so a change to them shows only in a copy imported inside a test
  // (docs/mutation.md).
  it('lists every state with its portal code and tax, and finds each by name and by code', async () => {
    vi.resetModules();
    const fresh = await import('../../../lambdas/domain/gst');
    const listed = fresh.GST_STATES.map((s) => `${s.code} ${s.name}${s.utgst ? ' (UTGST)' : ''}`);
    expect(listed).toEqual([
      '01 Jammu and Kashmir',
      '02 Himachal Pradesh',
      '03 Punjab',
      '04 Chandigarh (UTGST)',
      '05 Uttarakhand',
      '06 Haryana',
      '07 Delhi',
      '08 Rajasthan',
      '09 Uttar Pradesh',
      '10 Bihar',
      '11 Sikkim',
      '12 Arunachal Pradesh',
      '13 Nagaland',
      '14 Manipur',
      '15 Mizoram',
      '16 Tripura',
      '17 Meghalaya',
      '18 Assam',
      '19 West Bengal',
      '20 Jharkhand',
      '21 Odisha',
      '22 Chhattisgarh',
      '23 Madhya Pradesh',
      '24 Gujarat',
      '26 Dadra and Nagar Haveli and Daman and Diu (UTGST)',
      '27 Maharashtra',
      '29 Karnataka',
      '30 Goa',
      '31 Lakshadweep (UTGST)',
      '32 Kerala',
      '33 Tamil Nadu',
      '34 Puducherry',
      '35 Andaman and Nicobar Islands (UTGST)',
      '36 Telangana',
      '37 Andhra Pradesh',
      '38 Ladakh (UTGST)',
    ]);
    for (const state of fresh.GST_STATES) {
      expect(fresh.findState(state.name)).toBe(state);
      expect(fresh.findStateByCode(state.code)).toBe(state);
    }
    expect(fresh.GST_STATE_NAMES).toEqual(fresh.GST_STATES.map((s) => s.name).sort());
  });

  it('checks a GSTIN’s shape and check character, and says what is wrong in the buyer’s words', async () => {
    vi.resetModules();
    const fresh = await import('../../../lambdas/domain/gst');
    expect(fresh.gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(fresh.gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
    expect(fresh.gstinProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull();
    for (const gstin of [
      '27AAPFU0939F1Z',
      'X27AAPFU0939F1ZV',
      '27AAPFU0939F1ZVX',
      '27AAPFU0939F0ZV',
    ]) {
      expect(fresh.gstinProblem(gstin, 'Maharashtra'), gstin).toBe('format');
    }
    expect(new fresh.InvalidGstinError('format').message).toBe(
      'A GSTIN has 15 characters: the 2-digit state code, the 10-character PAN, then 3 more (for example 27AAPFU0939F1ZV).',
    );
    expect(new fresh.InvalidGstinError('state').message).toBe(
      'This GSTIN is not valid for the selected state.',
    );
    expect(new fresh.InvalidGstinError('check_digit').message).toBe(
      'This GSTIN does not add up: its last character does not match the rest. Please check it for a typing mistake.',
    );
    expect(fresh.PINCODE_MESSAGE).toBe(
      'Please enter a 6-digit PIN code (it does not start with 0).',
    );
    expect(fresh.needsBuyerAddress(4_999_999, null)).toBe(false);
    expect(fresh.needsBuyerAddress(5_000_000, null)).toBe(true);
  });
});
