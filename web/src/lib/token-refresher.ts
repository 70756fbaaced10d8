import { REFRESH_TOKEN } from './session-documents';
import { graphqlRequest } from './graphql-request';

export interface TokenRefresher {
  /**
   * Rotates the refresh cookie. Concurrent callers share one request, so the calls that failed
   * meanwhile wait for it (the queue) and retry once it succeeds. A failed refresh that is not
   * `silent` tells the session-expired listeners, once per failed refresh.
   */
  refresh(options?: { silent?: boolean }): Promise<boolean>;
  /** Time of the last successful refresh (ms since epoch), 0 if none. */
  lastSuccessAt(): number;
  onSessionExpired(listener: () => void): () => void;
}

// Sent with the plain graphqlRequest, never the refreshing one, so the refresh cannot trigger itself.
async function requestRefresh(): Promise<boolean> {
  try {
    const data = await graphqlRequest(REFRESH_TOKEN);
    return data.refreshToken?.success === true;
  } catch {
    return false;
  }
}

export function createTokenRefresher(): TokenRefresher {
  let inFlight: Promise<boolean> | null = null;
  let lastSuccess = 0;
  let expiryReported: Promise<boolean> | null = null;
  const listeners = new Set<() => void>();

  return {
    async refresh({ silent = false } = {}) {
      if (!inFlight) {
        const attempt = requestRefresh().then((ok) => {
          if (ok) lastSuccess = Date.now();
          if (inFlight === attempt) inFlight = null;
          return ok;
        });
        inFlight = attempt;
      }
      const attempt = inFlight;
      const ok = await attempt;
      if (!ok && !silent && expiryReported !== attempt) {
        expiryReported = attempt;
        listeners.forEach((listener) => listener());
      }
      return ok;
    },
    lastSuccessAt: () => lastSuccess,
    onSessionExpired(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
