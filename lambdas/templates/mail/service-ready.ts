/**
 * A service is ready: hosting's account exists on the panel, or an operator has set up a VPS,
 * storage or a domain and entered its access details. Never a password (D18).
 */
import type { Category } from '../../domain/plan';
import { accessRows, type AccessDetails } from './access-details';
import { contactLink, dashboardLink, serviceName } from './format';
import {
  button,
  heading,
  note,
  paragraph,
  renderMail,
  rows,
  type Block,
  type MailContent,
} from './layout';

export interface ServiceReadyMailInput {
  name: string;
  planName: string;
  category: Category;
  domain?: string;
  access: AccessDetails;
  siteUrl: string;
}

export function serviceReadyMail(input: ServiceReadyMailInput): MailContent {
  if (input.category === 'vps' && input.access.username && input.access.server) {
    return vpsReadyMail(input, input.access.username, input.access.server);
  }
  const { access, siteUrl } = input;
  const service = serviceName(input);
  const onPanel = input.category === 'hosting' || input.category === 'bundle';
  if (input.category === 'storage') return storageReadyMail(input, service);
  const blocks: Block[] = [
    paragraph(
      onPanel
        ? `Your hosting account for ${service} is set up. Here are its access details.`
        : `Our team has set up your ${service}. Here are its access details.`,
    ),
    rows(accessRows(access)),
  ];
  if (access.nameservers?.length) {
    blocks.push(
      heading('Point your domain here'),
      paragraph(
        'If your domain is registered elsewhere, set these nameservers at its registrar. Changes can take up to 24 hours to reach everyone.',
      ),
    );
  }
  blocks.push(
    ...(onPanel
      ? [
          heading('Signing in'),
          paragraph(
            'Open the control panel from your dashboard with "Open control panel": it signs you in with a single-use link, so there is nothing to remember.',
          ),
        ]
      : [paragraph('Your dashboard shows these details at any time.')]),
    button(onPanel ? 'Open your dashboard' : 'Go to your dashboard', dashboardLink(siteUrl)),
    note(
      `For your security we never send passwords by email. Need help signing in? Write to us at ${contactLink(siteUrl)}.`,
    ),
  );
  return renderMail({
    subject: `Your ${input.planName} is ready`,
    preheader: onPanel
      ? 'Your hosting account is set up: username, server and nameservers inside.'
      : `Our team has set up your ${input.planName}: its access details are inside.`,
    heading: `Your ${input.planName} is ready`,
    greetName: input.name,
    blocks,
    siteUrl,
    footer: 'You get this mail because you bought a service from us.',
  });
}

/**
 * A VPS made by converge (D24): how to log in with the key the buyer gave. There is no password:
 * none was created, so none can be sent.
 */
function vpsReadyMail(input: ServiceReadyMailInput, user: string, ip: string): MailContent {
  const { siteUrl } = input;
  const login = `ssh ${user}@${ip}`;
  return renderMail({
    subject: `Your ${input.planName} is ready`,
    preheader: `Your server is running at ${ip}: log in with ${login}.`,
    heading: `Your ${input.planName} is ready`,
    greetName: input.name,
    blocks: [
      paragraph(`Your server${input.domain ? ` ${input.domain}` : ''} is running.`),
      rows([
        { label: 'IP address', value: ip },
        { label: 'User', value: user },
      ]),
      heading('Logging in'),
      paragraph(
        `From the computer that has your SSH key, run: ${login}. The user can run any command as root with sudo.`,
      ),
      paragraph(
        'Your server has no password. It only accepts the SSH key you gave us. To add or change keys, or to start, stop or reinstall the server, use your dashboard.',
      ),
      button('Go to your dashboard', dashboardLink(siteUrl)),
      note(`Need help logging in? Write to us at ${contactLink(siteUrl)}.`),
    ],
    siteUrl,
    footer: 'You get this mail because you bought a service from us.',
  });
}

/**
 * Storage is made automatically (D24): the mail names the endpoint and where the access key is
 * made. The key's secret exists only on the dashboard, once; never in a mail.
 */
function storageReadyMail(input: ServiceReadyMailInput, service: string): MailContent {
  const { siteUrl } = input;
  const blocks: Block[] = [
    paragraph(`Your ${service} is set up: a private bucket with your plan's space.`),
    ...(input.access.server ? [rows([{ label: 'Endpoint', value: input.access.server }])] : []),
    heading('Your access key'),
    paragraph(
      'Open your dashboard and choose "Create key" on this service. The secret key is shown there once, so copy it into your backup tool or password manager straight away. The dashboard also shows how to connect with rclone, the AWS CLI or Cyberduck.',
    ),
    button('Go to your dashboard', dashboardLink(siteUrl)),
    note(
      `For your security we never send keys or passwords by email. Need help? Write to us at ${contactLink(siteUrl)}.`,
    ),
  ];
  return renderMail({
    subject: `Your ${input.planName} is ready`,
    preheader: `Your ${input.planName} is set up: create your access key from your dashboard.`,
    heading: `Your ${input.planName} is ready`,
    greetName: input.name,
    blocks,
    siteUrl,
    footer: 'You get this mail because you bought a service from us.',
  });
}
