/**
 * SAMPLE CONTENT: REPLACE BEFORE LAUNCH.
 *
 * The business behind the storefront, in one place: its brand (kept in ./sample-brand, which the
 * header loads alone), contact details, address, grievance officer, marketing figures,
 * testimonials, review ratings and any offer. Every page takes these from here and nowhere else. The values below are invented placeholders: no such
 * company, person, customer or rating exists. The operator replaces each with the real one and
 * then sets `isSample` to false; until then every page's footer says that the business details
 * are sample content.
 */
import { sampleBrand } from './sample-brand';
import type { Testimonial } from './types';

/** A time-limited offer. Without an end date there is no offer (no false urgency). */
export interface Offer {
  /** The badge's words, e.g. "Festive offer". */
  label: string;
  /** The offer's last day, `YYYY-MM-DD`, India time. The badge disappears after it. */
  endsOn: string;
}

/**
 * A rating from a review site. A badge is shown only when both `source` (the site's name) and
 * `url` (the page where anyone can read the reviews) are filled in.
 */
export interface ReviewRating {
  source: string;
  url: string;
  score: string;
  reviews: string;
  stars: number;
}

export const sampleBusiness = {
  /** True while the values below are placeholders: the footer then says so on every page. */
  isSample: true as boolean,
  /** In ./sample-brand (the header's copy loads it without the rest). */
  brand: sampleBrand,
  foundedYear: 2012,
  clients: '60,000+',
  /** The share of support replies that customers rated good or great, and how many ratings. */
  happiness: { percent: '94%', ratings: '18,966' },
  contact: {
    email: 'support@hostingstorefront.in',
    salesEmail: 'sales@hostingstorefront.in',
    careersEmail: 'careers@hostingstorefront.in',
    phone: '+91 80 4718 2600',
    phoneHref: 'tel:+918047182600',
    address: [
      'Hosting Storefront Pvt. Ltd.',
      '4th Floor, 80 Feet Road, Koramangala',
      'Bengaluru, Karnataka 560034',
      'India',
    ],
    /** Where disputes are heard (the terms' jurisdiction clause). */
    courtsCity: 'Bengaluru',
  },
  /**
   * The Consumer Protection (E-Commerce) Rules, 2020 require a named grievance officer with contact
   * details and designation on the site, who acknowledges a complaint within 48 hours and redresses
   * it within one month. SAMPLE: an invented person; name the real officer before launch.
   */
  grievanceOfficer: {
    name: 'Anita Sharma',
    designation: 'Grievance Officer',
    email: 'grievance@hostingstorefront.in',
    phone: '+91 80 4718 2699',
    phoneHref: 'tel:+918047182699',
    address: [
      'Hosting Storefront Pvt. Ltd.',
      '4th Floor, 80 Feet Road, Koramangala',
      'Bengaluru, Karnataka 560034',
    ],
    acknowledgeHours: 48,
    resolveWithin: 'one month',
  },
  /**
   * The home page's offer badge. None: the headline price is the standard list price, and calling
   * it a limited-time offer would be false urgency. Set `{label, endsOn}` for a real offer.
   */
  offer: null as Offer | null,
  /**
   * The home page's review-site badges. The reference product shows these three scores without
   * naming the sites; with no source and link they are not shown. Fill in `source` and `url` from
   * the review site's page for this business, or leave them empty.
   */
  reviewRatings: [
    { source: '', url: '', score: '4.8', reviews: '12,505 reviews', stars: 4.8 },
    { source: '', url: '', score: '4.6/5', reviews: '1,603 reviews', stars: 4.6 },
    { source: '', url: '', score: '4.5/5', reviews: '5,637 reviews', stars: 4.5 },
  ] as ReviewRating[],
  /** SAMPLE: invented customers, to be replaced with real ones who agreed to be quoted. */
  testimonials: {
    home: {
      id: 'home-ananya',
      quote:
        'We moved our clinic’s website over on a Friday evening and the support team finished the migration before Monday. A Hindi-speaking engineer answered my receptionist’s emails about setting up mail, step by step. Our site has not gone down once since.',
      name: 'Ananya Deshpande',
      position: 'Practice Manager, Shree Sai Dental Care, Pune',
    },
    domain: [
      {
        id: 'domain-rohit',
        quote:
          'I registered our brand’s .com in a few minutes and paid by UPI. The GST invoice was waiting in my dashboard straight away.',
        name: 'Rohit Menon',
        position: 'Founder, Kochi Coffee Roasters',
      },
      {
        id: 'domain-farah',
        quote:
          'WHOIS privacy came included with the Premium plan, and support set up forwarding for our team’s addresses the same day.',
        name: 'Farah Qureshi',
        position: 'IT Lead, Lucknow Textiles Co.',
      },
      {
        id: 'domain-vikram',
        quote:
          'Renewal reminders arrive well ahead of time, so we have never lost a domain. That alone is worth it for an agency like ours.',
        name: 'Vikram Sethi',
        position: 'Director, PixelKraft Studio, Gurugram',
      },
    ],
    vps: [
      {
        id: 'vps-meera',
        quote:
          'Root access and predictable performance, with no noisy neighbours. Our Node.js API has run on a Premium VPS for two years.',
        name: 'Meera Iyer',
        position: 'Lead Engineer, TiffinBox, Chennai',
      },
      {
        id: 'vps-arjun',
        quote:
          'When our sale traffic tripled, support helped us move to an Enterprise VPS over a weekend, and answered my kernel question at 2 a.m. within the hour.',
        name: 'Arjun Kapoor',
        position: 'CTO, ShopKart Express, Delhi',
      },
      {
        id: 'vps-neha',
        quote:
          'The servers are fast from Mumbai to Guwahati, and paying by UPI keeps our accounts team happy.',
        name: 'Neha Baruah',
        position: 'Operations Head, NorthEast Trails, Guwahati',
      },
    ],
    bundle: [
      {
        id: 'bundle-sanjay',
        quote:
          'One bill for hosting, domain, storage and a VPS for our ML experiments. The Standard Bundle replaced four vendors for our startup.',
        name: 'Sanjay Reddy',
        position: 'Co-founder, KrishiSense AI, Hyderabad',
      },
      {
        id: 'bundle-priya',
        quote:
          'The AI website builder gave us a good first draft of our site in an afternoon, and the SEO assistant keeps suggesting useful fixes.',
        name: 'Priya Nair',
        position: 'Owner, Nair Handlooms, Thrissur',
      },
      {
        id: 'bundle-karan',
        quote:
          'We host client projects on the Premium Bundle. Having a dedicated account manager who answers the phone makes a real difference.',
        name: 'Karan Malhotra',
        position: 'Managing Partner, Bytecraft Digital, Chandigarh',
      },
    ],
  } satisfies { home: Testimonial } & Record<'domain' | 'vps' | 'bundle', Testimonial[]>,
};

/** The line every page's footer shows while the business details are placeholders. */
export const sampleNotice =
  'Demo store: the company name, contact details, address, grievance officer, figures and testimonials on this site are sample content.';
