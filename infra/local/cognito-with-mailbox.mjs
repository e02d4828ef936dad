/**
 * cognito-local, with its mail delivery pointed at the local mailbox. Cognito in AWS mails its codes
 * (the sign-up code that verifies the email, a password reset) through the store's SES identity;
 * cognito-local only prints them to its console. Here its email sender hands each message, worded
 * by the CustomMessage trigger, to the SES stand-in's SES v2 SendEmail instead, so a buyer running
 * the store locally receives the code in the mailbox as in AWS. The code is neither printed nor
 * logged.
 *
 * Two calls are made to behave as Cognito's (tests/integration/cognito-stand-in.test.ts):
 *  - ResendConfirmationCode, which cognito-local lacks: a new sign-up code, mailed the same way
 *    (for an unknown email it answers as if it sent one, as AWS does with PreventUserExistenceErrors);
 *  - ConfirmSignUp also marks the email verified (`email_verified`), as Cognito does when the code
 *    went to that address;
 *  - RespondToAuthChallenge keeps the refresh token it issues (after a TOTP code), as InitiateAuth
 *    does, so a session signed in with two steps refreshes like any other (cognito-local forgets
 *    it, and the session ended with its first ID token);
 *  - GlobalSignOut, which cognito-local lacks: every refresh token of the account stops working
 *    (the ID and access tokens already out run to their expiry, as in AWS for the API's authorizer);
 *  - AdminUpdateUserAttributes mails nothing: the API changes the name and phone with it, and
 *    Cognito in AWS verifies only the pool's auto-verified attribute (the email) by mail, where
 *    cognito-local would mail a code for a changed phone number too (the email change is the
 *    buyer's own UpdateUserAttributes, whose code goes to the new address, as in AWS);
 *  - no answer says whether an email has an account, as Cognito's with PreventUserExistenceErrors
 *    (D28): a wrong password and an unknown email both fail sign-in with NotAuthorizedException
 *    "Incorrect username or password." (cognito-local: InvalidPasswordException for the first), and
 *    ForgotPassword for an unknown email answers as if it mailed a code (cognito-local:
 *    UserNotFoundException).
 *
 * Started by infra/local/cognito-process.ts with COGNITO_MAILBOX_URL and COGNITO_MAIL_FROM.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import consoleSender from 'cognito-local/lib/services/messageDelivery/consoleMessageSender.js';
import targets from 'cognito-local/lib/targets/targets.js';
import errors from 'cognito-local/lib/errors.js';
import jwt from 'jsonwebtoken';

const { ConsoleMessageSender } = consoleSender;

const mailbox = process.env.COGNITO_MAILBOX_URL;
const from = process.env.COGNITO_MAIL_FROM;
if (!mailbox || !from) {
  console.error('cognito-with-mailbox needs COGNITO_MAILBOX_URL and COGNITO_MAIL_FROM.');
  process.exit(1);
}

/** Set while a call runs whose mails Cognito in AWS would not send (AdminUpdateUserAttributes). */
const silent = new AsyncLocalStorage();

ConsoleMessageSender.prototype.sendEmail = async function sendEmail(_ctx, _user, to, message) {
  // Only the mails the store's CustomMessage trigger words (sign-up, reset and email-change codes).
  if (!message.emailSubject || silent.getStore()) return;
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
            Text: { Data: plainText(message.emailMessage) },
          },
        },
      },
    }),
  });
  if (!answer.ok) throw new Error(`The local mailbox refused a Cognito mail: ${answer.status}`);
};

/** The HTML mail as plain text: no head, a line per block, no tags. */
function plainText(html) {
  return html
    .replace(/<head>[\s\S]*?<\/head>/i, '')
    .replace(/<\/(p|h1|h2|tr|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n[\n ]*/g, '\n')
    .trim();
}

const { Targets } = targets;

Targets.ResendConfirmationCode =
  ({ cognito, clock, messages, otp }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) {
      // AWS, with PreventUserExistenceErrors, answers an unknown user as if it had sent a code.
      return {
        CodeDeliveryDetails: {
          AttributeName: 'email',
          DeliveryMedium: 'EMAIL',
          Destination: req.Username,
        },
      };
    }
    if (user.UserStatus !== 'UNCONFIRMED')
      throw new errors.InvalidParameterError('User is already confirmed.');
    const email = user.Attributes.find((a) => a.Name === 'email')?.Value;
    if (!email) throw new errors.InvalidParameterError('User has no email to send a code to.');
    const deliveryDetails = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
    const code = otp();
    await messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      userPool.options.Id,
      user,
      code,
      req.ClientMetadata,
      deliveryDetails,
    );
    await userPool.saveUser(ctx, {
      ...user,
      ConfirmationCode: code,
      UserLastModifiedDate: clock.get(),
    });
    return { CodeDeliveryDetails: deliveryDetails };
  };

const confirmSignUp = Targets.ConfirmSignUp;
Targets.ConfirmSignUp = (services) => {
  const confirm = confirmSignUp(services);
  return async (ctx, req) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    // An unknown email reads like a wrong code (cognito-local: NotAuthorizedException).
    if (!(await pool.getUserByUsername(ctx, req.Username))) throw new errors.CodeMismatchError();
    const answer = await confirm(ctx, req);
    const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (user) {
      const others = user.Attributes.filter((a) => a.Name !== 'email_verified');
      await userPool.saveUser(ctx, {
        ...user,
        Attributes: [...others, { Name: 'email_verified', Value: 'true' }],
      });
    }
    return answer;
  };
};

const INCORRECT = 'Incorrect username or password.';
const initiateAuth = Targets.InitiateAuth;
Targets.InitiateAuth = (services) => {
  const initiate = initiateAuth(services);
  return async (ctx, req) => {
    try {
      return await initiate(ctx, req);
    } catch (error) {
      const code = error instanceof errors.CognitoError ? error.code : '';
      if (code === 'InvalidPasswordException' || code === 'NotAuthorizedException')
        throw new errors.NotAuthorizedError(INCORRECT);
      throw error;
    }
  };
};

const forgotPassword = Targets.ForgotPassword;
Targets.ForgotPassword = (services) => {
  const forgot = forgotPassword(services);
  return async (ctx, req) => {
    try {
      return await forgot(ctx, req);
    } catch (error) {
      if (!(error instanceof errors.CognitoError) || error.code !== 'UserNotFoundException')
        throw error;
      return {
        CodeDeliveryDetails: {
          AttributeName: 'email',
          DeliveryMedium: 'EMAIL',
          Destination: req.Username,
        },
      };
    }
  };
};

const confirmForgotPassword = Targets.ConfirmForgotPassword;
Targets.ConfirmForgotPassword = (services) => {
  const confirm = confirmForgotPassword(services);
  return async (ctx, req) => {
    try {
      return await confirm(ctx, req);
    } catch (error) {
      if (error instanceof errors.CognitoError && error.code === 'UserNotFoundException')
        throw new errors.CodeMismatchError();
      throw error;
    }
  };
};

const respondToAuthChallenge = Targets.RespondToAuthChallenge;
Targets.RespondToAuthChallenge = (services) => {
  const respond = respondToAuthChallenge(services);
  return async (ctx, req) => {
    const answer = await respond(ctx, req);
    const refreshToken = answer.AuthenticationResult?.RefreshToken;
    if (refreshToken) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.ChallengeResponses.USERNAME);
      if (user) await pool.storeRefreshToken(ctx, refreshToken, user);
    }
    return answer;
  };
};

const adminUpdateUserAttributes = Targets.AdminUpdateUserAttributes;
Targets.AdminUpdateUserAttributes = (services) => {
  const update = adminUpdateUserAttributes(services);
  return (ctx, req) => silent.run(true, () => update(ctx, req));
};

Targets.GlobalSignOut =
  ({ cognito }) =>
  async (ctx, req) => {
    const decoded = req.AccessToken ? jwt.decode(req.AccessToken) : null;
    if (!decoded || typeof decoded !== 'object' || decoded.token_use !== 'access')
      throw new errors.NotAuthorizedError('Invalid Access Token');
    const pool = await cognito.getUserPoolForClientId(ctx, decoded.client_id);
    const user = await pool.getUserByUsername(ctx, decoded.sub);
    if (!user) throw new errors.NotAuthorizedError('Invalid Access Token');
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };

// Same module instance as above: cognito-local's server builds its sender from the patched class.
await import('cognito-local/lib/bin/start.js');
