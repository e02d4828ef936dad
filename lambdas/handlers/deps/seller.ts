/** The seller on tax invoices, from the configuration (SELLER_*), validated on first use. */
import { sellerConfig } from '../../config/config';
import type { SellerDetails } from '../../domain/invoice';
import { wiring } from './wiring';

wiring.needs.add('sellerDetails');

export const sellerDetails: () => SellerDetails = sellerConfig;
