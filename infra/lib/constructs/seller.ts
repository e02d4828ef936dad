import { CfnParameter } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ENV } from '../../../lambdas/system/facts';

/** GSTN's shape of a regular taxpayer's GSTIN; the check character is checked at load. */
const GSTIN_PATTERN = '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$';

/**
 * The seller a tax invoice names (D15), as stack parameters: the legal name, the registered
 * address, the state (one of GST's state names, as lambdas/domain/gst.ts lists them) and the
 * GSTIN. The Lambdas that name the seller ('sellerDetails') get them as SELLER_* and refuse to
 * start when the GSTIN is not valid for the state (lambdas/config/config.ts), so a deploy with a
 * mistyped GSTIN fails loudly instead of issuing invoices with it. Answers the environment.
 */
export function sellerParameters(scope: Construct): Record<string, string> {
  const parameter = (
    id: string,
    description: string,
    extra: { default?: string; allowedPattern?: string; constraintDescription?: string } = {},
  ) => new CfnParameter(scope, id, { type: 'String', description, ...extra }).valueAsString;
  return {
    [ENV.sellerLegalName]: parameter(
      'SellerLegalName',
      'The legal name on the GST registration, as tax invoices must show it.',
      { allowedPattern: '^.{2,100}$', constraintDescription: '2 to 100 characters' },
    ),
    [ENV.sellerTradeName]: parameter(
      'SellerTradeName',
      'The trade name, when it differs from the legal name (empty: none).',
      { default: '' },
    ),
    [ENV.sellerAddressLine1]: parameter(
      'SellerAddressLine1',
      'The principal place of business, first line, as registered.',
      { allowedPattern: '^.{2,200}$', constraintDescription: '2 to 200 characters' },
    ),
    [ENV.sellerAddressLine2]: parameter(
      'SellerAddressLine2',
      'Second address line (may be empty).',
      {
        default: '',
      },
    ),
    [ENV.sellerCity]: parameter('SellerCity', 'City of the registered address.', {
      allowedPattern: '^.{2,100}$',
      constraintDescription: '2 to 100 characters',
    }),
    [ENV.sellerPincode]: parameter('SellerPincode', 'PIN code of the registered address.', {
      allowedPattern: '^[1-9][0-9]{5}$',
      constraintDescription: 'six digits, not starting with 0',
    }),
    [ENV.sellerState]: parameter(
      'SellerState',
      "The registration's state or union territory, spelt as GST lists it (e.g. Karnataka, Delhi).",
      { allowedPattern: '^[A-Za-z ]{3,60}$', constraintDescription: 'a state name' },
    ),
    [ENV.sellerGstin]: parameter('SellerGstin', "The seller's GSTIN (15 characters).", {
      allowedPattern: GSTIN_PATTERN,
      constraintDescription: 'a GSTIN: 2 digits, PAN, entity number, Z, check character',
    }),
    [ENV.sellerEmail]: parameter('SellerEmail', 'An email shown on invoices (empty: none).', {
      default: '',
    }),
  };
}
