import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../components/button';
import { Container } from '../components/container';
import { useAuth } from './auth';

/** Loaded with the console, not with the public pages. */
const OperatorTotpGate = lazy(() =>
  import('../features/auth/operator-totp-gate').then((m) => ({ default: m.OperatorTotpGate })),
);

/** The Cognito group of the store's operators (OPERATORS_GROUP in lambdas/system/facts.ts). */
export const OPERATORS_GROUP = 'operators';

export const OPERATORS_ONLY_MESSAGE = "This part of the store is for the store's operators only.";

/**
 * The console's guard, inside RequireAuth: the signed-in user's ID token must name the operators
 * group, else a plain page says so and nothing of the console is loaded. The API checks the group
 * again on every call; this only keeps buyers from downloading and seeing the console.
 */
export function RequireOperator({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  // An operator's account must have TOTP on (D28): the gate walks them through it first.
  if (user?.groups.includes(OPERATORS_GROUP))
    return (
      <Suspense fallback={null}>
        <OperatorTotpGate>{children}</OperatorTotpGate>
      </Suspense>
    );
  return (
    <Container className="py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{OPERATORS_ONLY_MESSAGE}</h1>
      <p className="mx-auto mt-4 max-w-xl text-slate-600">
        If you run this store, ask another operator to add your account to the operators group, then
        sign out and in again.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <ButtonLink to="/dashboard" variant="primary">
          Go to your dashboard
        </ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Home
        </ButtonLink>
      </div>
    </Container>
  );
}
