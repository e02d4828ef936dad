/**
 * What a domain's registrant needs and a profile may lack (D23): the checkout asks for exactly
 * these, and converge registers a name only when none is missing.
 */
import { describe, expect, it } from 'vitest';
import {
  assertRegistrant,
  NAME_TAKEN_REASON,
  RegistrantDetailsMissingError,
  RegistrantDetailsRequiredError,
  registrantGaps,
  TRANSFER_FAILED_REASON,
} from '../../../lambdas/domain/registrant';

const billing = {
  name: 'Asha Verma',
  line1: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
};

describe('registrantGaps', () => {
  it('is empty for a profile with a billing address and a mobile number', () => {
    expect(registrantGaps({ phone: '+919876543210', billing })).toEqual([]);
  });

  it('names the address when there are no billing details, or a part is blank', () => {
    expect(registrantGaps({ phone: '+919876543210', billing: null })).toEqual(['address']);
    expect(registrantGaps({ phone: '+919876543210', billing: { ...billing, city: ' ' } })).toEqual([
      'address',
    ]);
    expect(
      registrantGaps({ phone: '+919876543210', billing: { ...billing, pincode: '' } }),
    ).toEqual(['address']);
  });

  it('names the phone when none is on record', () => {
    expect(registrantGaps({ phone: '', billing })).toEqual(['phone']);
    expect(registrantGaps({ phone: '', billing: undefined })).toEqual(['address', 'phone']);
  });
});

describe('assertRegistrant', () => {
  it('passes a profile with a billing address and a mobile number', () => {
    expect(() => assertRegistrant({ phone: '+919876543210', billing })).not.toThrow();
  });

  it.each([
    [{ phone: '', billing }, ['phone'], "registrant's mobile number before"],
    [
      { phone: '+919876543210', billing: null },
      ['address'],
      "registrant's postal address (line 1, city, state and PIN code) before",
    ],
    [
      { phone: '98765', billing: undefined },
      ['address', 'phone'],
      "registrant's postal address (line 1, city, state and PIN code) and mobile number before",
    ],
  ])('refuses %j naming what is missing', (profile, gaps, words) => {
    let thrown: unknown;
    try {
      assertRegistrant(profile);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RegistrantDetailsRequiredError);
    expect(thrown).toMatchObject({ code: 'registrant_details_required', gaps });
    expect((thrown as Error).message).toContain(words);
    expect((thrown as Error).message).toMatch(/in Settings, then pay\.$/);
  });
});

describe("the card's Choose your domain asks the same, ending with what the buyer does there", () => {
  it('refuses with the same code, gaps and words, then "choose your domain again"', () => {
    expect(() => assertRegistrant({ phone: '', billing }, 'choose')).toThrow(
      expect.objectContaining({
        code: 'registrant_details_required',
        gaps: ['phone'],
        message:
          "The domain registry needs the registrant's mobile number before a name is registered in your name. Please add them to your billing details in Settings, then choose your domain again.",
      }),
    );
    expect(() => assertRegistrant({ phone: '+919876543210', billing }, 'choose')).not.toThrow();
  });
});

describe('the edges of a registrant', () => {
  it('takes a 10-digit number however it is spaced, and counts its digits only', () => {
    expect(registrantGaps({ phone: '98765 43210', billing })).toEqual([]);
    expect(registrantGaps({ phone: '+91 98765', billing })).toEqual(['phone']);
  });

  it('names the address when a stored address lacks a part altogether', () => {
    const { city: _city, ...withoutCity } = billing;
    expect(
      registrantGaps({
        phone: '+919876543210',
        billing: withoutCity as unknown as typeof billing,
      }),
    ).toEqual(['address']);
  });
});

describe('what the card and the mail say when a name is not the buyer’s', () => {
  it('a paid name someone else registered first is refunded in full', () => {
    expect(NAME_TAKEN_REASON('asha.com')).toBe(
      'asha.com was registered by someone else before we could register it for you, so it is not yours. Your payment will be refunded in full.',
    );
  });

  it('a failed transfer ends its reason with one full stop, whether the registrar gave one or not', () => {
    const said =
      'asha.com could not be transferred to us: the auth code is wrong. It stays with its current registrar, and your payment will be refunded in full.';
    expect(TRANSFER_FAILED_REASON('asha.com', 'the auth code is wrong')).toBe(said);
    expect(TRANSFER_FAILED_REASON('asha.com', 'the auth code is wrong.')).toBe(said);
  });

  it('a registration waiting for the address names itself in the logs', () => {
    const error = new RegistrantDetailsMissingError('user-1');
    expect(error.name).toBe('RegistrantDetailsMissingError');
    expect(error.userId).toBe('user-1');
  });
});
