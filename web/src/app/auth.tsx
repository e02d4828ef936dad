import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { SessionUser } from '../lib/session';
import { hasStoredSession } from '../lib/stored-session';

export type AuthUser = SessionUser;

export interface AuthState {
  user: AuthUser | null;
  /** True until the first auth report. */
  loading: boolean;
  signOut(): Promise<void>;
  refresh(): Promise<void>;
  /** True after the user logged out in this tab (guarded pages then go to /, not /login). */
  signedOut: boolean;
}

const AuthContext = createContext<AuthState | null>(null);

/** Routes that need the auth state at once; elsewhere it loads when the browser is idle. */
export const AUTH_ROUTES = ['/checkout', '/login', '/signup', '/dashboard'];

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: 2500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, 200);
  return () => window.clearTimeout(id);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // Server and first client render agree: loading, nobody signed in (no hydration mismatch).
  const [state, setState] = useState<{
    user: AuthUser | null;
    loading: boolean;
    signedOut: boolean;
  }>({
    user: null,
    loading: true,
    signedOut: false,
  });
  const started = useRef(false);
  const { pathname } = useLocation();

  const refresh = useCallback(async () => {
    started.current = true;
    let user: AuthUser | null = null;
    // No stored session means nobody is signed in: answer without loading Amplify.
    if (hasStoredSession()) {
      try {
        const session = await import('../lib/session');
        user = await session.readCurrentUser();
      } catch {
        user = null;
      }
    }
    setState((current) => ({ user, loading: false, signedOut: current.signedOut && !user }));
  }, []);

  const signOut = useCallback(async () => {
    try {
      const session = await import('../lib/session');
      await session.endSession();
    } finally {
      setState({ user: null, loading: false, signedOut: true });
    }
  }, []);

  const needsAuthNow = AUTH_ROUTES.includes(pathname) || pathname.startsWith('/admin');
  useEffect(() => {
    if (started.current) return;
    if (needsAuthNow) {
      void refresh();
      return;
    }
    return whenIdle(() => {
      if (!started.current) void refresh();
    });
  }, [needsAuthNow, refresh]);

  const value = useMemo<AuthState>(
    () => ({
      user: state.user,
      loading: state.loading,
      signedOut: state.signedOut,
      signOut,
      refresh,
    }),
    [state, signOut, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
