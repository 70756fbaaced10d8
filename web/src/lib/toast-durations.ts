/** Toast durations, in milliseconds. */
export const TOAST_MS = {
  /** Default, and the Forgot Password page. */
  standard: 5000,
  /** Login, sign-up, profile actions, admin load errors, product update success. */
  short: 3000,
  /** Product creation failure. */
  long: 6000,
} as const;
