/**
 * The seller on tax invoices (D15) from SELLER_*: the local stack's SAMPLE values read back as the
 * template's sample seller, and a GSTIN that is not valid for the state stops the Lambda at start
 * with the variable's name, instead of issuing invoices with it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  resetConfigForTests,
  sellerConfig,
} from '../../../lambdas/config/config';
import { ENV } from '../../../lambdas/system/facts';
import { SAMPLE_SELLER } from '../../../lambdas/templates/invoice/sample';
import {
  localSellerEnvironment,
  SAMPLE_SELLER_ENVIRONMENT,
} from '../../../infra/local/sample-seller';

function stubSeller(environment: Record<string, string>): void {
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
}

describe('the seller configuration', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  });

  it("reads the local stack's sample as the template's sample seller", () => {
    stubSeller(SAMPLE_SELLER_ENVIRONMENT);

    expect(sellerConfig()).toEqual(SAMPLE_SELLER);
  });

  it('leaves out the optional parts when they are empty, as the stack passes them', () => {
    stubSeller({
      ...SAMPLE_SELLER_ENVIRONMENT,
      [ENV.sellerTradeName]: '',
      [ENV.sellerAddressLine2]: '',
      [ENV.sellerEmail]: '',
    });

    const { tradeName, line2, email, ...rest } = SAMPLE_SELLER;
    expect([tradeName, line2, email].every(Boolean)).toBe(true);
    expect(sellerConfig()).toEqual(rest);
  });

  it.each([
    [
      'a GSTIN of another state',
      { [ENV.sellerGstin]: '27AAFCA5678K1Z6' },
      /SELLER_GSTIN.*selected state/,
    ],
    [
      'a GSTIN with a typing mistake',
      { [ENV.sellerGstin]: '29AABCS1234Q1Z1' },
      /SELLER_GSTIN.*last character/,
    ],
    ['a state GST does not list', { [ENV.sellerState]: 'Bombay' }, /SELLER_STATE=Bombay/],
    ['no legal name', { [ENV.sellerLegalName]: '' }, /SELLER_LEGAL_NAME/],
    ['a PIN code of five digits', { [ENV.sellerPincode]: '56002' }, /SELLER_PINCODE/],
  ])('refuses %s, naming the variable', (_, change, message) => {
    stubSeller({ ...SAMPLE_SELLER_ENVIRONMENT, ...change });

    expect(() => sellerConfig()).toThrow(ConfigurationError);
    expect(() => sellerConfig()).toThrow(message);
  });

  it("lets a developer's SELLER_* replace the local sample", () => {
    const environment = localSellerEnvironment({ [ENV.sellerLegalName]: 'Asha Web Services LLP' });

    expect(environment[ENV.sellerLegalName]).toBe('Asha Web Services LLP');
    expect(environment[ENV.sellerGstin]).toBe(SAMPLE_SELLER.gstin);
  });
});
