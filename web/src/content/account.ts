/** Copy of the account pages (docs/decisions.md D19): forgot password, and the dashboard's settings. */

/** The password rule the pool enforces (six characters, nothing else), as the sign-up form says it. */
export const MIN_PASSWORD_LENGTH = 8;
export const passwordTooShort = 'Password must be at least 8 characters long.';
const tooMany = 'Too many attempts. Please wait a few minutes and try again.';

export const forgotPasswordCopy = {
  linkFromLogin: 'Forgot password?',
  title: 'Reset your password',
  subtitle: "Enter your account's email address and we'll send you a code to set a new password.",
  email: 'Email address',
  sendCode: 'Send code',
  sendingCode: 'Sending code...',
  emailRequired: 'Please enter your email address.',
  invalidEmail: 'Invalid email address.',
  /** The same for a known and an unknown email: the page never says whether an account exists. */
  codeSent: "If an account exists for that email, we've sent a code to it.",
  codeStepSubtitle: 'Enter the code from the email and choose a new password.',
  code: 'Code from the email',
  codeHint: 'Six digits. It can take a minute to arrive; check your spam folder too.',
  newPassword: 'New password',
  newPasswordHint: 'At least 8 characters.',
  submit: 'Set new password',
  busy: 'Saving...',
  signingIn: 'Signing you in...',
  resend: 'Send a new code',
  resent: "We've sent a new code if an account exists for that email.",
  otherEmail: 'Use another email',
  codeRequired: 'Please enter the code from the email.',
  remembered: 'Remembered your password?',
  loginLink: 'Back to login',
  /** The password changed, but signing in with it did not work at once. */
  changedPleaseLogin: 'Your password has been changed. Please log in with your new password.',
} as const;

export const resetErrors = {
  wrongCode: 'That code is not right. Please check the code in the email and try again.',
  expiredCode: 'That code has expired. Please ask for a new code.',
  weakPassword: passwordTooShort,
  tooMany,
  sendFailed: 'We could not send a code just now. Please try again.',
  other: 'We could not reset your password. Please try again.',
} as const;

export const settingsCopy = {
  loading: 'Loading your settings...',
  loadFailed: 'We could not load your settings. Please try again.',
  retry: 'Try again',
  save: 'Save',
  saving: 'Saving...',

  accountTitle: 'Your details',
  accountIntro: 'Your sign-in email, name and mobile number, for your account and for checkout.',
  name: 'Full name',
  phone: 'Mobile number',
  phoneHint: '10-digit Indian mobile number; we add +91 for you.',
  accountSaved: 'Your details have been saved.',

  passwordTitle: 'Change password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordHint: 'At least 8 characters.',
  passwordRequired: 'Please enter your current password and a new one.',
  passwordSubmit: 'Change password',
  passwordBusy: 'Changing...',
  passwordChanged: 'Your password has been changed.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  weakPassword: passwordTooShort,
  sessionEnded: 'Your session has ended. Please log out and log in again.',
  passwordTooMany: tooMany,
  passwordFailed: 'We could not change your password. Please try again.',

  billingTitle: 'Billing details',
  billingIntro:
    'Your tax invoices are addressed to these details. Add your GSTIN to claim input tax credit.',
  billingNone: 'No billing details yet.',
  billingName: 'Name on invoice',
  billingNameHint: 'Your name or your business name.',
  line1: 'Address line 1',
  line2: 'Address line 2 (optional)',
  city: 'City',
  state: 'State or union territory',
  statePlaceholder: 'Choose a state',
  stateOption: (name: string, code: string) => `${name} (${code})`,
  pincode: 'PIN code',
  gstin: 'GSTIN (optional)',
  gstinHint: '15 characters, for a business invoice. It must belong to the state above.',
  billingSaved: 'Your billing details have been saved.',
  billingRequired: 'Please fill in the name, address line 1, city, state and PIN code.',
} as const;

/** Changing the sign-in email (D28): verified with a code before it counts. */
export const emailChangeCopy = {
  current: 'Email address',
  currentHint: 'You sign in with it, and receipts, invoices and reminders go to it.',
  change: 'Change email',
  newEmail: 'New email address',
  newEmailHint:
    'We will send a code to it. Until you enter the code, you keep your current address.',
  send: 'Send code',
  sending: 'Sending...',
  cancel: 'Cancel',
  codeSent: (email: string) => `We sent a 6-digit code to ${email}. Enter it here to confirm.`,
  code: 'Code from the email',
  confirm: 'Confirm new email',
  confirming: 'Confirming...',
  resend: 'Send a new code',
  resent: 'We sent a new code.',
  changed: (email: string) =>
    `Your email is now ${email}. Sign in with it from now on; we told your old address.`,
  invalidEmail: 'Please enter a valid email address.',
  sameEmail: 'That is already your email address.',
  wrongCode: 'That code is not right. Check the latest email from us and try again.',
  expiredCode: 'That code has expired. Send a new code and try again.',
  // Never whether another account has that address (D28): one sentence for every refusal.
  refused: 'We could not change your email to that address. Please try another one.',
  tooMany: tooMany,
  failed: 'We could not change your email. Please try again.',
  syncFailed:
    'Your new email is confirmed, but we could not update your details yet. Reload this page to finish.',
} as const;

/** Deleting the account (D28, DPDP Act 2023). */
export const deleteAccountCopy = {
  title: 'Delete your account',
  intro:
    'This deletes your sign-in and the personal details in your account: your name, phone number and billing details. It cannot be undone.',
  kept: 'Your tax invoices, credit notes and payment records stay with us for 72 months, as GST law requires, and are used for nothing else.',
  servicesFirst:
    'End your services first: cancel each from its card under Services (a payment within 30 days is refunded), or wait until it ends.',
  confirmLabel: 'Type your sign-in email to confirm',
  button: 'Delete my account',
  busy: 'Deleting...',
  mismatch: 'Type the email address of your account exactly to confirm.',
  signInAgain: 'Sign out and sign in again',
  failed: 'We could not delete your account. Please try again.',
  deleted: (email: string) => `Your account is deleted. We sent a confirmation to ${email}.`,
} as const;
