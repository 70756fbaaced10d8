/** Every call to the server gives up after 10 seconds. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** `fetch` that sends cookies and aborts after REQUEST_TIMEOUT_MS (or when the caller aborts). */
export function fetchWithTimeout(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  return fetch(input, { credentials: 'include', ...init, signal });
}
