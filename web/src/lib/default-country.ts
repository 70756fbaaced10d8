/** The country of an address saved without one. */
export const DEFAULT_COUNTRY = 'India';
