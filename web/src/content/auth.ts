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
  passwordHint: 'At least 6 characters.',
  submit: 'Create Account',
  busy: 'Creating account...',
  haveAccount: 'Already have an account?',
  loginLink: 'Login',
  required: 'All fields are required.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  invalidPhone: 'Please enter a valid phone number, e.g. 98765 43210 or +91 98765 43210.',
} as const;

export const signupErrors = {
  invalidEmail: 'Invalid email address.',
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
