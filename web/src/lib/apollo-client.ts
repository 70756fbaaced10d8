import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { from, switchMap, throwError } from 'rxjs';
import { isUnauthenticated, SessionExpiredError } from './api-errors';
import { fetchWithTimeout } from './http';
import type { TokenRefresher } from './token-refresher';

/**
 * Operations that must not trigger a token refresh: the anonymous ones, the refresh itself, the
 * start-up "who am I" check (null simply means logged out) and logout (which logs out locally
 * whatever the server says).
 */
const NO_REFRESH_OPERATIONS = new Set(['Login', 'Register', 'RefreshToken', 'Me', 'Logout']);

interface AuthContext {
  sentAt?: number;
  refreshAttempted?: boolean;
}

/**
 * The Apollo client of the shop: same-origin /graphql, cookies sent, 10 s timeout, and on an
 * UNAUTHENTICATED answer one refresh of the session followed by one retry of the operation.
 */
export function createApolloClient(refresher: TokenRefresher): ApolloClient {
  const stampLink = new ApolloLink((operation, forward) => {
    operation.setContext({ sentAt: Date.now() } satisfies AuthContext);
    return forward(operation);
  });

  const refreshLink = new ErrorLink(({ error, operation, forward }) => {
    if (!isUnauthenticated(error) || NO_REFRESH_OPERATIONS.has(operation.operationName ?? '')) return;
    const context = operation.getContext() as AuthContext;
    if (context.refreshAttempted) return;
    operation.setContext({ refreshAttempted: true } satisfies AuthContext);

    // Another call refreshed the session after this one was sent: just send it again.
    const alreadyRefreshed = refresher.lastSuccessAt() > (context.sentAt ?? 0);
    const refreshed = alreadyRefreshed ? Promise.resolve(true) : refresher.refresh();
    return from(refreshed).pipe(
      switchMap((ok) =>
        ok ? forward(operation) : throwError(() => new SessionExpiredError('Session expired. Please login again.')),
      ),
    );
  });

  const httpLink = new HttpLink({ uri: '/graphql', credentials: 'include', fetch: fetchWithTimeout });

  return new ApolloClient({
    link: ApolloLink.from([refreshLink, stampLink, httpLink]),
    cache: new InMemoryCache(),
  });
}
