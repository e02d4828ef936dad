import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingText } from '../components/loading-text';
import { useAuth } from './auth';

/** The /dashboard guard: 'Loading...' while the auth state loads, else page or /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading, signedOut } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingText>Loading...</LoadingText>;
  // Logging out on a guarded page goes home (spec: "Logout ... goes to /"), not to /login.
  if (!user && signedOut) return <Navigate to="/" replace />;
  if (!user) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return <>{children}</>;
}
