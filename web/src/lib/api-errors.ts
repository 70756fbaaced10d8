// Errors are recognised by shape (`errors`, as GraphQLResponseError carries them), not class, so
// this module does not pull the GraphQL client into every page that shows a failure.

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

/** The entries of a GraphQL answer's `errors` (GraphQLResponseError, lib/graphql-request.ts). */
function errorEntries(error: unknown): ErrorEntry[] {
  if (!error || typeof error !== 'object') return [];
  const { errors } = error as { errors?: unknown };
  return Array.isArray(errors) ? (errors as ErrorEntry[]) : [];
}

export function getErrorCode(error: unknown): string | undefined {
  for (const entry of errorEntries(error)) {
    if (typeof entry.extensions?.code === 'string') return entry.extensions.code;
  }
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
