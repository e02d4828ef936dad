import { facts, gstNote, moneyBackSentence, renewalSentence, supportContact } from './facts';

export interface DocSection {
  id: string;
  title: string;
  body: string;
}

export interface DocTopic {
  id: string;
  title: string;
  summary: string;
  sections: DocSection[];
}

export const docsPage = {
  eyebrow: 'Documentation',
  title: 'Documentation',
  lead: 'Guides and reference for every service, from your first login to running a VPS.',
  searchLabel: 'Search documentation',
  searchPlaceholder: 'Search topics and articles',
  noResults: (query: string) =>
    `No articles match “${query}”. Try a different word, or contact support.`,
  resultsCount: (n: number) => (n === 1 ? '1 topic matches' : `${n} topics match`),
  topicsHeading: 'Topics',
  help: {
    title: 'Still need help?',
    text: `Our support team answers email 24/7 in ${facts.supportLanguages}: write to ${supportContact.email}. Enterprise plans can also call ${supportContact.phone}.`,
  },
  quickLinksTitle: 'Quick links',
  quickLinks: [
    { label: 'Support centre', to: '/support' },
    { label: 'Contact us', to: '/contact' },
    { label: 'Search for a domain', to: '/domains' },
    { label: 'Compare hosting plans', to: '/hosting' },
    { label: 'Refund policy', to: '/refund' },
  ],
  topics: [
    {
      id: 'getting-started',
      title: 'Getting Started',
      summary: 'Create your account, buy your first plan and find your way around.',
      sections: [
        {
          id: 'create-account',
          title: 'Create your account',
          body: 'Sign up with your name, email, phone number and a password of at least 8 characters. We email you a 6-digit code to confirm your address; enter it and you are signed in. Forgot your password? Choose Forgot password on the login page and we email you a code to set a new one.',
        },
        {
          id: 'first-purchase',
          title: 'Buy your first plan',
          body: `Choose a plan, pick a billing period of 1, 12, 24 or 36 months and pay with ${facts.paymentMethodsSentence}. Longer periods save 20% (24 months) or 30% (36 months). Prices are shown ${gstNote}, and checkout shows the GST before you pay.`,
        },
        {
          id: 'dashboard-tour',
          title: 'Your dashboard',
          body: 'The dashboard lists your domains, hosting, VPS, storage and bundles with their renewal dates, status and payments. A hosting card shows its nameservers and an Open control panel button that signs you in. Payments has a GST tax invoice for every payment, and Settings holds your password, name, phone and billing details.',
        },
        {
          id: 'welcome-email',
          title: 'Welcome email and signing in',
          body: `For hosting, the welcome email arrives within ${facts.welcomeMailMinutes} minutes of payment with your username, server, nameservers and the control panel’s address. No email ever contains a password: sign in to the control panel with Open control panel on your dashboard. VPS, storage and domains are set up by our team, who email you when they are ready. Check your spam folder if you do not see a mail.`,
        },
      ],
    },
    {
      id: 'domain-management',
      title: 'Domain Management',
      summary: 'Register, point and renew your domains.',
      sections: [
        {
          id: 'register-domain',
          title: 'Register a domain',
          body: `Search for a name on Domain search and register it as ${facts.domainExtensions}. We register it as soon as your payment completes; it then shows on your dashboard with its expiry date, nameservers and DNS records.`,
        },
        {
          id: 'nameservers',
          title: 'Point a domain at your hosting',
          body: 'Your hosting’s nameservers are in its welcome email and on its card in the dashboard. For a domain registered with us, email support and we set them for you; for a domain registered elsewhere, set them at that registrar. Changes can take up to 24 hours to spread worldwide.',
        },
        {
          id: 'dns-records',
          title: 'Manage DNS records',
          body: 'Once a domain points at your hosting, add A, AAAA, CNAME, MX and TXT records in the control panel’s Zone Editor. Use TXT records to verify your domain with email and search providers.',
        },
        {
          id: 'renew-domain',
          title: 'Renew a domain',
          body: `${renewalSentence} A domain that expires can be taken by someone else, so renew in good time.`,
        },
      ],
    },
    {
      id: 'web-hosting',
      title: 'Web Hosting',
      summary: 'Publish websites, set up email and keep your site secure.',
      sections: [
        {
          id: 'upload-files',
          title: 'Upload your website',
          body: 'Choose Open control panel on your dashboard and use its File Manager, or create an FTP account in the control panel and connect with an FTP app. Put your site in the public_html folder.',
        },
        {
          id: 'install-wordpress',
          title: 'Install WordPress',
          body: 'In the control panel, open the app installer, choose WordPress, pick your domain and click Install. Your admin login is shown once the install finishes.',
        },
        {
          id: 'ssl',
          title: 'SSL certificates',
          body: 'Free SSL certificates are issued automatically for every domain on your hosting and renewed before they expire. Turn on Force HTTPS to redirect visitors.',
        },
        {
          id: 'backups',
          title: 'Backups and restores',
          body: 'Backups run weekly on Basic Hosting and daily on Premium and Enterprise Hosting. Restore a file, a database or the whole site from the control panel’s Backups page.',
        },
      ],
    },
    {
      id: 'vps-hosting',
      title: 'VPS Hosting',
      summary: 'Connect to, secure and scale your virtual server.',
      sections: [
        {
          id: 'ssh-access',
          title: 'Connect over SSH',
          body: 'When your VPS is ready, our team emails you its IP address and how to make your first login; no email ever contains a password. Connect with ssh root@your-ip, add your SSH key and turn off password logins once you are in.',
        },
        {
          id: 'firewall',
          title: 'Configure the firewall',
          body: 'Allow only the ports you use, for example 22 for SSH and 80 and 443 for the web, and deny everything else.',
        },
        {
          id: 'vps-backups',
          title: 'Back up your VPS',
          body: 'VPS plans do not include backups. Copy your data off the server regularly, for example to cloud storage, and check that you can restore it.',
        },
        {
          id: 'scale-vps',
          title: 'Move to a bigger VPS',
          body: `Plans range from ${facts.vpsRange.from} up to ${facts.vpsRange.to}. Choose Change plan on your VPS card: you pay only the difference for the days left until your renewal date, and the same server gets the bigger plan's cores, memory and disk, with its address and files kept. A disk never shrinks, so a smaller VPS is not offered. ${moneyBackSentence}`,
        },
      ],
    },
    {
      id: 'cloud-storage',
      title: 'Cloud Storage',
      summary: 'Store and share your files securely.',
      sections: [
        {
          id: 'upload-sync',
          title: 'Upload your files',
          body: 'Your bucket is made a minute or so after payment, and we email you when it is ready. On its card in your dashboard choose Create key and copy the secret key straight away: it is shown once and never emailed. Then connect any S3 tool (rclone, the AWS CLI or Cyberduck) with the endpoint, bucket and access key the card shows; the card has the exact settings for each.',
        },
        {
          id: 'sharing',
          title: 'Share files and folders',
          body: 'Create a link for any file or folder. On Standard and Premium plans add a password, an expiry date or view-only permissions.',
        },
        {
          id: 'versioning',
          title: 'File versioning',
          body: 'Standard keeps 30 days of file versions and Premium keeps 90 days, so you can restore an earlier copy of any file.',
        },
        {
          id: 'security',
          title: 'Encryption and security',
          body: 'Files are encrypted in transit and at rest. Protect your account with a strong password that you use nowhere else.',
        },
      ],
    },
  ] satisfies DocTopic[],
} as const;
