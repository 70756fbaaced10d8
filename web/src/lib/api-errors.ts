// Errors are recognised by shape, not class, so this module works for Apollo's errors
// (CombinedGraphQLErrors has `errors`, ServerError has `statusCode` and `bodyText`) and for
// graphql-request.ts without pulling Apollo into the first page's bundle.

/** The `extensions.code` values the gateway uses. */
export type ApiErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR';

/** A call failed because the session ended and could not be refreshed (the visitor was told). */
export class SessionExpiredError extends Error {
  override name = 'SessionExpiredError';
}

export function isSessionExpired(error: unknown): boolean {
  return error instanceof Error && error.name === 'SessionExpiredError';
}

/** An error whose message came from the server and is fit to show (e.g. an upload refusal). */
export class ServerMessageError extends Error {
  override name = 'ServerMessageError';
}

interface ErrorEntry {
  message?: unknown;
  extensions?: { code?: unknown } | null;
}

function entriesFromBody(bodyText: string): ErrorEntry[] {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (body && typeof body === 'object') {
      const { errors, message } = body as { errors?: unknown; message?: unknown };
      if (Array.isArray(errors)) return errors as ErrorEntry[];
      if (typeof message === 'string') return [{ message }];
    }
  } catch {
    /* not JSON: nothing to show */
  }
  return [];
}

interface ErrorShape {
  errors?: unknown;
  bodyText?: unknown;
  statusCode?: unknown;
}

function errorEntries(error: unknown): ErrorEntry[] {
  if (!error || typeof error !== 'object') return [];
  const { errors, bodyText } = error as ErrorShape;
  if (Array.isArray(errors)) return errors as ErrorEntry[];
  if (typeof bodyText === 'string') return entriesFromBody(bodyText);
  return [];
}

function httpStatus(error: unknown): number | undefined {
  const status = error && typeof error === 'object' ? (error as ErrorShape).statusCode : undefined;
  return typeof status === 'number' ? status : undefined;
}

export function getErrorCode(error: unknown): string | undefined {
  for (const entry of errorEntries(error)) {
    if (typeof entry.extensions?.code === 'string') return entry.extensions.code;
  }
  if (httpStatus(error) === 401) return 'UNAUTHENTICATED';
  return undefined;
}

export function isUnauthenticated(error: unknown): boolean {
  return getErrorCode(error) === 'UNAUTHENTICATED';
}

/**
 * The message to show for a failed call: the server's own message when it sent one, else the
 * spec's fallback text. Network failures and timeouts carry no server message, and internal
 * errors are never shown as they are.
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ServerMessageError && error.message) return error.message;
  for (const entry of errorEntries(error)) {
    if (entry.extensions?.code === 'INTERNAL_SERVER_ERROR') continue;
    if (typeof entry.message === 'string' && entry.message.trim()) return entry.message;
  }
  return fallback;
}

/** For payloads shaped `{ success, message }`: the server's message or the fallback. */
export function payloadMessage(payload: { message?: string | null } | null | undefined, fallback: string): string {
  const message = payload?.message?.trim();
  return message ? message : fallback;
}
