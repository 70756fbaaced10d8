/**
 * Sign-in with an OpenID Connect provider (Google by default). The callback always ends on the
 * login page or the shop, never on an error page: a refusal carries one of these reasons in the
 * login page's `oidcError` query parameter, and the page shows its message (never text from the URL).
 * No imports, so the web app can use it as it is.
 */
export const OIDC_START_PATH = '/api/v1/auth/oidc/start';
export const OIDC_CALLBACK_PATH = '/api/v1/auth/oidc/callback';
/** The login page's query parameter that names why a provider sign-in was refused. */
export const OIDC_ERROR_PARAM = 'oidcError';

export const oidcErrorMessages = {
  disabled: 'Sign-in with this provider is not set up in this shop. Please log in with your email and password.',
  unavailable: 'Google sign-in is not reachable right now. Please try again in a few minutes, or log in with your email and password.',
  denied: 'Google sign-in was cancelled. Nothing was changed; you can try again or log in with your email and password.',
  expired: 'That Google sign-in link has expired or was already used. Please click "Continue with Google" again.',
  unverified: 'Your Google account has no verified email address, so we cannot sign you in with it. Please verify it with Google, or sign up with your email and password.',
  failed: 'Google sign-in could not be completed. Please try again, or log in with your email and password.',
  throttled: 'Too many sign-in attempts from your network. Please wait 15 minutes and try again.',
} as const;

export type OidcErrorReason = keyof typeof oidcErrorMessages;

export const isOidcErrorReason = (value: unknown): value is OidcErrorReason => typeof value === 'string' && Object.hasOwn(oidcErrorMessages, value);

/** A sign-in provider the login page offers (`GET /api/v1/auth/providers`, GraphQL `authProviders`). */
export interface AuthProviderInfo {
  /** `oidc` (the only kind so far). */
  id: string;
  /** What the button says after "Continue with", e.g. Google. */
  name: string;
  /** Where the button goes (a full-page navigation, not a fetch). */
  startUrl: string;
}
