/**
 * What a domain's registrant needs and a profile may lack (D23): the checkout asks for exactly
 * these, and converge registers a name only when none is missing.
 */
import { describe, expect, it } from 'vitest';
import {
  assertRegistrant,
  RegistrantDetailsRequiredError,
  registrantGaps,
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
