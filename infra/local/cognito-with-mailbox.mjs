/**
 * cognito-local, with its mail delivery pointed at the local mailbox. Cognito in AWS mails its codes
 * (a password reset, a new email's verification) through the store's SES identity; cognito-local
 * only prints them to its console. Here its email sender hands each message, worded by the
 * CustomMessage trigger, to the SES stand-in's SES v2 SendEmail instead, so a buyer running the
 * store locally receives the code in the mailbox as in AWS. The code is neither printed nor logged.
 *
 * Started by infra/local/cognito-process.ts with COGNITO_MAILBOX_URL and COGNITO_MAIL_FROM.
 */
import consoleSender from 'cognito-local/lib/services/messageDelivery/consoleMessageSender.js';

const { ConsoleMessageSender } = consoleSender;

const mailbox = process.env.COGNITO_MAILBOX_URL;
const from = process.env.COGNITO_MAIL_FROM;
if (!mailbox || !from) {
  console.error('cognito-with-mailbox needs COGNITO_MAILBOX_URL and COGNITO_MAIL_FROM.');
  process.exit(1);
}

ConsoleMessageSender.prototype.sendEmail = async function sendEmail(_ctx, _user, to, message) {
  // Only the mails the store's CustomMessage trigger words (reset codes, email changes). cognito-local
  // also sends a sign-up code although the PreSignUp trigger confirms every sign-up, which Cognito in
  // AWS does not: that one has no subject from the trigger and goes nowhere, as in AWS.
  if (!message.emailSubject) return;
  const answer = await fetch(`${mailbox}/v2/email/outbound-emails`, {
    method: 'POST',
    // The stand-in wants an AWS-style Authorization header; it checks nothing more.
    headers: { 'content-type': 'application/json', authorization: 'AWS4-HMAC-SHA256 local' },
    body: JSON.stringify({
      FromEmailAddress: from,
      Destination: { ToAddresses: [to] },
      Content: {
        Simple: {
          Subject: { Data: message.emailSubject },
          Body: {
            Html: { Data: message.emailMessage },
            Text: { Data: message.emailMessage.replace(/<[^>]+>/g, ' ').replace(/ +/g, ' ') },
          },
        },
      },
    }),
  });
  if (!answer.ok) throw new Error(`The local mailbox refused a Cognito mail: ${answer.status}`);
};

// Same module instance as above: cognito-local's server builds its sender from the patched class.
await import('cognito-local/lib/bin/start.js');
