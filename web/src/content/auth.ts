/** Copy of /login and /signup, with the reference product's validation and error messages. */
export const loginCopy = {
  title: 'Welcome back',
  subtitle: 'Log in to manage your services and complete purchases.',
  email: 'Email address',
  password: 'Password',
  submit: 'Login',
  busy: 'Logging in...',
  noAccount: "Don't have an account?",
  signupLink: 'Sign up',
  required: 'Email and password are required.',
} as const;

export const signupCopy = {
  title: 'Create your account',
  subtitle: 'Get started in a minute. No credit card needed until you buy a plan.',
  name: 'Full name',
  email: 'Email address',
  phone: 'Phone number',
  phoneHint: '10-digit mobile number; we add +91 for you.',
  password: 'Password',
  passwordHint: 'At least 8 characters.',
  submit: 'Create Account',
  busy: 'Creating account...',
  haveAccount: 'Already have an account?',
  loginLink: 'Login',
  required: 'All fields are required.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  invalidPhone: 'Please enter a valid phone number, e.g. 98765 43210 or +91 98765 43210.',
} as const;

export const signupErrors = {
  invalidEmail: 'Invalid email address.',
  nameTooLong: 'Please enter your name (up to 100 characters).',
  notAllowed: 'Email/password accounts are not enabled. Please contact support.',
  weakPassword: 'Password is too weak. Please choose a stronger password.',
  other: 'Failed to create account. Please try again.',
} as const;

export const loginErrors = {
  invalidEmail: 'Invalid email address.',
  disabled: 'This account has been disabled. Please contact support.',
  invalidCredential: 'Invalid email or password. Please check your credentials.',
  tooMany: 'Too many failed login attempts. Please try again later.',
  other: 'Failed to login. Please try again.',
} as const;

/** The step after sign-up (and after a login to an account not yet confirmed): the mailed code (D28). */
export const verifyEmailCopy = {
  title: 'Confirm your email',
  subtitle: 'Enter the 6-digit code we mailed you to finish creating your account.',
  codeSent: "We've sent a 6-digit code to",
  resent: "We've sent a new code to",
  notConfirmedYet: "Your email is not confirmed yet. We've sent a new code to",
  code: 'Verification code',
  codeHint: 'Six digits. It can take a minute to arrive; check your spam folder too.',
  submit: 'Confirm email',
  busy: 'Confirming...',
  signingIn: 'Signing you in...',
  resend: 'Send a new code',
  sending: 'Sending...',
  otherEmail: 'Use another email',
  /** Under the sign-up code step: the same for an email with an account and one without (D28). */
  haveAccountHint: 'No code after a few minutes? If you already have an account with this email,',
  haveAccountLogin: 'log in',
  haveAccountOr: 'or',
  haveAccountReset: 'reset your password',
  /** Confirmed, but signing in at once did not work. */
  confirmedPleaseLogin: 'Your email is confirmed. Please log in to continue.',
  loginLink: 'Log in',
} as const;

export const verifyEmailErrors = {
  codeRequired: 'Please enter the 6-digit code from the email.',
  wrongCode: 'That code is not right. Please check the latest email from us and try again.',
  expiredCode: 'That code has expired. Press “Send a new code” and use the code in the new email.',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
  sendFailed: 'We could not send a new code just now. Please try again in a minute.',
  other: 'We could not check the code just now. Please try again.',
} as const;

/** Two-step sign-in with an authenticator app (TOTP, D28). */
export const totpCopy = {
  // At sign-in
  signInTitle: 'Enter your sign-in code',
  signInSubtitle: 'Open your authenticator app and enter the 6-digit code it shows for this store.',
  code: 'Code from your authenticator app',
  codeHint: 'Six digits; a new one every 30 seconds.',
  verify: 'Verify',
  verifying: 'Verifying...',
  startOver: 'Back to login',
  lostDevice:
    'Lost your phone? Contact support from the email address of your account; we check who you are before turning two-step sign-in off.',
  // Setting it up
  setupTitle: 'Set up two-step sign-in',
  operatorIntro:
    'Operators can refund money and see every customer, so the console asks for a code from an authenticator app at every sign-in. Set it up once, now; it takes a minute.',
  step1:
    'Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy, …).',
  step2: 'Scan this QR code with the app, or type the key below into it.',
  step3: 'Enter the 6-digit code the app now shows.',
  qrLabel: 'QR code to add this account to an authenticator app',
  keyLabel: 'Key (if you cannot scan)',
  preparing: 'Preparing your QR code...',
  turnOn: 'Turn on two-step sign-in',
  turningOn: 'Turning on...',
  enabled: 'Two-step sign-in is on. From now on, signing in asks for a code from your app.',
  // Settings
  settingsTitle: 'Two-step sign-in',
  settingsIntro:
    'Ask for a code from an authenticator app as well as your password each time you sign in.',
  statusOn: 'On: signing in asks for a code from your authenticator app.',
  statusOff: 'Off: signing in asks for your password only.',
  setUp: 'Set up two-step sign-in',
  cancel: 'Cancel',
  turnOff: 'Turn off two-step sign-in',
  turningOff: 'Turning off...',
  turnedOff: 'Two-step sign-in is off.',
  operatorsKeepIt: 'Operators keep two-step sign-in on: the console needs it.',
  loading: 'Checking two-step sign-in...',
} as const;

export const totpErrors = {
  codeRequired: 'Please enter the 6-digit code from your authenticator app.',
  wrongCode:
    'That code is not right. Enter the code your app shows now (check that the phone’s clock is set automatically).',
  sessionExpired: 'That took too long. Please log in again.',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
  setupFailed: 'We could not start the set-up just now. Please try again.',
  other: 'Something went wrong. Please try again.',
  loadFailed: 'We could not check your two-step sign-in just now. Please reload the page.',
} as const;

/** Settings → Sign out everywhere (D28). */
export const signOutEverywhereCopy = {
  title: 'Sign out everywhere',
  intro:
    'Lost a phone or signed in on a shared computer? This signs you out on every device, this one too. A device that is open now stops working with your account within the hour.',
  button: 'Sign out everywhere',
  busy: 'Signing out...',
  failed: 'We could not sign you out everywhere just now. Please try again.',
} as const;
