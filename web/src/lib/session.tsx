import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from './toast';
import { getErrorMessage, isUnauthenticated, payloadMessage } from './api-errors';
import { graphqlRequest } from './graphql-request';
import { LOGOUT_MUTATION, ME_QUERY } from './session-documents';
import type { SessionUser } from './session-user';
import { clearLocalSession, clearStoredAuth, readStoredFlag, storeAuthenticatedUser } from './storage-keys';
import type { TokenRefresher } from './token-refresher';

export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

export type LogoutOutcome = { ok: true } | { ok: false; message: string };

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  /** A login answer carried a user: the visitor is now logged in. */
  signIn(user: SessionUser): void;
  /** A profile change answered with the updated account. */
  updateUser(user: SessionUser): void;
  /** A login failed: forget any stored auth. */
  forgetStoredAuth(): void;
  /** Logs out on the server, and locally whatever the server answers. */
  logout(): Promise<LogoutOutcome>;
  /** One refresh of the session cookies (for GraphQL calls and for uploads alike). */
  refreshSession(): Promise<boolean>;
  /** Shared by every caller, so all calls wait on the same refresh. */
  tokenRefresher: TokenRefresher;
}

const SessionContext = createContext<Session | null>(null);

const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';
const LOGOUT_ERROR = 'Logout failed. Please try again.';


type MeAnswer = SessionUser | null | 'unreachable';

async function askWhoAmI(): Promise<MeAnswer> {
  try {
    const data = await graphqlRequest(ME_QUERY);
    return data.me ?? null;
  } catch (error) {
    return isUnauthenticated(error) ? null : 'unreachable';
  }
}

/**
 * `me` answers null when the access cookie is missing or expired. If this browser was logged in,
 * one silent refresh tells an expired access token (session still valid) from a finished session.
 */
async function checkSession(refresher: TokenRefresher): Promise<MeAnswer> {
  const answer = await askWhoAmI();
  if (answer === null && readStoredFlag() && (await refresher.refresh({ silent: true }))) {
    return askWhoAmI();
  }
  return answer;
}

export function SessionProvider({ refresher, children }: { refresher: TokenRefresher; children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [status, setStatus] = useState<SessionStatus>('checking');
  const [user, setUser] = useState<SessionUser | null>(null);

  const applyUser = useCallback((next: SessionUser) => {
    storeAuthenticatedUser(next);
    setUser(next);
    setStatus('authenticated');
  }, []);

  const endSessionLocally = useCallback(() => {
    clearLocalSession();
    setUser(null);
    setStatus('anonymous');
  }, []);

  useEffect(() => {
    let cancelled = false;
    void checkSession(refresher).then((answer) => {
      if (cancelled) return;
      if (answer === 'unreachable') {
        // Server unreachable: logged out for now, but keep what is stored for the next visit.
        setStatus('anonymous');
      } else if (answer === null) {
        clearLocalSession();
        setStatus('anonymous');
      } else {
        applyUser(answer);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [refresher, applyUser]);

  // A failed refresh (after an UNAUTHENTICATED answer) ends the session.
  const currentPath = location.pathname + location.search + location.hash;
  useEffect(
    () =>
      refresher.onSessionExpired(() => {
        endSessionLocally();
        toast.error(SESSION_EXPIRED_MESSAGE, { toastId: 'session-expired' });
        navigate('/login', { replace: true, state: { from: currentPath } });
      }),
    [refresher, endSessionLocally, navigate, currentPath],
  );

  const logout = useCallback(async (): Promise<LogoutOutcome> => {
    try {
      const data = await graphqlRequest(LOGOUT_MUTATION);
      return data.logout.success ? { ok: true } : { ok: false, message: payloadMessage(data.logout, LOGOUT_ERROR) };
    } catch (error) {
      // Already logged out on the server: that is what the visitor asked for.
      if (isUnauthenticated(error)) return { ok: true };
      return { ok: false, message: getErrorMessage(error, LOGOUT_ERROR) };
    } finally {
      endSessionLocally();
    }
  }, [endSessionLocally]);

  const value = useMemo<Session>(
    () => ({
      status,
      user,
      signIn: applyUser,
      updateUser: applyUser,
      forgetStoredAuth: clearStoredAuth,
      logout,
      refreshSession: () => refresher.refresh(),
      tokenRefresher: refresher,
    }),
    [status, user, applyUser, logout, refresher],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** Staff roles admitted to the admin area (spec: admin routes admit admin and emp). */
export function isStaff(user: SessionUser | null): boolean {
  return user?.role === 'admin' || user?.role === 'emp';
}
