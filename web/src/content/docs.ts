import { facts, supportContact } from './facts';

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
    text: `Our support team is available 24/7 in ${facts.supportLanguages}. Email ${supportContact.email} or start a live chat from your control panel.`,
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
          body: 'Sign up with your name, email, phone number and a password of at least 6 characters. You can log in straight away.',
        },
        {
          id: 'first-purchase',
          title: 'Buy your first plan',
          body: `Choose a plan, pick a billing period of 1, 12, 24 or 36 months and pay with ${facts.paymentMethodsSentence}. Longer periods save 20% (24 months) or 30% (36 months).`,
        },
        {
          id: 'dashboard-tour',
          title: 'Your dashboard',
          body: 'The dashboard lists your domains, hosting, VPS, storage and bundles with their renewal dates and status, and your payment history.',
        },
        {
          id: 'welcome-email',
          title: 'Welcome email and credentials',
          body: `Your access details are emailed within ${facts.credentialsWithinMinutes} minutes of payment. Check your spam folder if you do not see them.`,
        },
      ],
    },
    {
      id: 'domain-management',
      title: 'Domain Management',
      summary: 'Register, transfer and point your domains.',
      sections: [
        {
          id: 'register-domain',
          title: 'Register a domain',
          body: `Search for a name and choose from over ${facts.domainExtensions} extensions. Registration is usually active within minutes.`,
        },
        {
          id: 'nameservers',
          title: 'Change nameservers',
          body: 'Open the domain in your dashboard, choose Nameservers and enter the new values. Changes can take up to 24 hours to propagate worldwide.',
        },
        {
          id: 'dns-records',
          title: 'Manage DNS records',
          body: 'Add A, AAAA, CNAME, MX and TXT records in the DNS editor. Use TXT records to verify your domain with email and search providers.',
        },
        {
          id: 'transfer-domain',
          title: 'Transfer a domain to us',
          body: `Unlock the domain at your current registrar, get the authorisation code and start the transfer. It completes in ${facts.domainTransferDays} days.`,
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
          body: 'Use the file manager in the control panel or connect over SFTP with the credentials from your welcome email. Put your site in the public_html folder.',
        },
        {
          id: 'install-wordpress',
          title: 'Install WordPress',
          body: 'Open the app installer, choose WordPress, pick your domain and click Install. Your admin login is shown once the install finishes.',
        },
        {
          id: 'ssl',
          title: 'SSL certificates',
          body: 'Free SSL certificates are issued automatically for every domain on your hosting and renewed before they expire. Turn on Force HTTPS to redirect visitors.',
        },
        {
          id: 'backups',
          title: 'Backups and restores',
          body: 'Backups run weekly on Basic Hosting and daily on larger plans. Restore a file, a database or the whole site from the Backups page.',
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
          body: 'Use the IP address and root password from your welcome email: ssh root@your-ip. Add your SSH key and turn off password logins once you are in.',
        },
        {
          id: 'firewall',
          title: 'Configure the firewall',
          body: 'Allow only the ports you use, for example 22 for SSH and 80 and 443 for the web, and deny everything else.',
        },
        {
          id: 'snapshots',
          title: 'Snapshots',
          body: 'Take a snapshot before big changes and restore it from the dashboard if something goes wrong. Premium and Enterprise plans take snapshots automatically.',
        },
        {
          id: 'scale-vps',
          title: 'Upgrade your VPS',
          body: `Move to a bigger plan from the dashboard; plans range from ${facts.vpsRange.from} up to ${facts.vpsRange.to}. Your data stays in place.`,
        },
      ],
    },
    {
      id: 'cloud-storage',
      title: 'Cloud Storage',
      summary: 'Store, sync and share your files securely.',
      sections: [
        {
          id: 'upload-sync',
          title: 'Upload and sync files',
          body: 'Drag files into the web app or install the desktop sync client to keep a folder on your computer in sync.',
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
          body: 'Files are encrypted in transit and at rest. Turn on two-step verification in your account settings for extra protection.',
        },
      ],
    },
  ] satisfies DocTopic[],
} as const;
