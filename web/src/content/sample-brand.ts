/**
 * SAMPLE CONTENT: REPLACE BEFORE LAUNCH, with the rest of the business's details in
 * ./sample-business, which takes the brand from here. The brand alone is apart because the header
 * shows it on every page: the header's code loads first, and the other details load with the
 * footer and the pages that quote them.
 */
export const sampleBrand = {
  name: 'Hosting Storefront',
  legalName: 'Hosting Storefront Pvt. Ltd.',
};
