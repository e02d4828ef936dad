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
  emailInUse: 'This email is already registered. Please login instead.',
  invalidEmail: 'Invalid email address.',
  notAllowed: 'Email/password accounts are not enabled. Please contact support.',
  weakPassword: 'Password is too weak. Please choose a stronger password.',
  other: 'Failed to create account. Please try again.',
} as const;

export const loginErrors = {
  invalidEmail: 'Invalid email address.',
  disabled: 'This account has been disabled. Please contact support.',
  notFound: 'No account found with this email. Please sign up first.',
  wrongPassword: 'Incorrect password.',
  invalidCredential: 'Invalid email or password. Please check your credentials.',
  tooMany: 'Too many failed login attempts. Please try again later.',
  other: 'Failed to login. Please try again.',
} as const;
