/**
 * SAMPLE DATA: the seller the local stack's tax invoices name. Not a real company: the GSTIN is
 * well-formed with a valid check character but made up (the same sample as
 * lambdas/templates/invoice/sample.ts, which a test keeps in step). In AWS the stack's Seller*
 * parameters take its place. A developer may set any SELLER_* variable to try their own.
 */
import { ENV } from '../../lambdas/system/facts';

export const SAMPLE_SELLER_ENVIRONMENT: Readonly<Record<string, string>> = {
  [ENV.sellerLegalName]: 'Sample Hosting Private Limited',
  [ENV.sellerTradeName]: 'Sample Hosting',
  [ENV.sellerAddressLine1]: '3rd Floor, 12 Residency Road',
  [ENV.sellerAddressLine2]: 'Shanthala Nagar',
  [ENV.sellerCity]: 'Bengaluru',
  [ENV.sellerPincode]: '560025',
  [ENV.sellerState]: 'Karnataka',
  [ENV.sellerGstin]: '29AABCS1234Q1Z0',
  [ENV.sellerEmail]: 'billing@example.in',
};

/** The sample, with whatever SELLER_* the developer's environment sets instead. */
export function localSellerEnvironment(
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SAMPLE_SELLER_ENVIRONMENT).map(([name, sample]) => [name, env[name] || sample]),
  );
}
