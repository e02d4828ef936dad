import type { Testimonial } from './types';

export const testimonials = {
  home: {
    id: 'home-ananya',
    quote:
      'We moved our clinic’s website over on a Friday evening and the support team finished the migration before Monday. The Hindi-speaking agent on chat walked my receptionist through setting up email. Our site has not gone down once since.',
    name: 'Ananya Deshpande',
    position: 'Practice Manager, Shree Sai Dental Care, Pune',
    companyIcon: 'SD',
  },
  domain: [
    {
      id: 'domain-rohit',
      quote:
        'I registered our brand on .com and .in in two minutes, and the DNS editor is the first one I have understood without reading a manual.',
      name: 'Rohit Menon',
      position: 'Founder, Kochi Coffee Roasters',
      companyIcon: 'KC',
    },
    {
      id: 'domain-farah',
      quote:
        'WHOIS privacy came included, and transferring our twelve domains from the old registrar took less than a week with no downtime.',
      name: 'Farah Qureshi',
      position: 'IT Lead, Lucknow Textiles Co.',
      companyIcon: 'LT',
    },
    {
      id: 'domain-vikram',
      quote:
        'Renewal reminders arrive well ahead of time, so we have never lost a domain. That alone is worth it for an agency like ours.',
      name: 'Vikram Sethi',
      position: 'Director, PixelKraft Studio, Gurugram',
      companyIcon: 'PK',
    },
  ],
  vps: [
    {
      id: 'vps-meera',
      quote:
        'Root access, predictable performance and snapshots I can restore in minutes. Our Node.js API has run on a Premium VPS for two years.',
      name: 'Meera Iyer',
      position: 'Lead Engineer, TiffinBox, Chennai',
      companyIcon: 'TB',
    },
    {
      id: 'vps-arjun',
      quote:
        'When our sale traffic tripled we moved up a plan in a few clicks. Support answered my kernel question at 2 a.m. within minutes.',
      name: 'Arjun Kapoor',
      position: 'CTO, ShopKart Express, Delhi',
      companyIcon: 'SE',
    },
    {
      id: 'vps-neha',
      quote:
        'The servers are fast from Mumbai to Guwahati, and paying by UPI every month keeps our accounts team happy.',
      name: 'Neha Baruah',
      position: 'Operations Head, NorthEast Trails, Guwahati',
      companyIcon: 'NT',
    },
  ],
  bundle: [
    {
      id: 'bundle-sanjay',
      quote:
        'One bill for hosting, domain, storage and a VPS for our ML experiments. The Standard Bundle replaced four vendors for our startup.',
      name: 'Sanjay Reddy',
      position: 'Co-founder, KrishiSense AI, Hyderabad',
      companyIcon: 'KS',
    },
    {
      id: 'bundle-priya',
      quote:
        'The AI website builder gave us a good first draft of our site in an afternoon, and the SEO assistant keeps suggesting useful fixes.',
      name: 'Priya Nair',
      position: 'Owner, Nair Handlooms, Thrissur',
      companyIcon: 'NH',
    },
    {
      id: 'bundle-karan',
      quote:
        'We host client projects on the Premium Bundle. Having a dedicated account manager who answers the phone makes a real difference.',
      name: 'Karan Malhotra',
      position: 'Managing Partner, Bytecraft Digital, Chandigarh',
      companyIcon: 'BD',
    },
  ],
} satisfies { home: Testimonial } & Record<'domain' | 'vps' | 'bundle', Testimonial[]>;
