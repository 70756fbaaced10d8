export type Role = 'user' | 'emp' | 'admin';

export interface Address {
  pin: string;
  other: string;
  city?: string | null;
  state?: string | null;
  country?: string | null;
}

/** The logged-in account as the SPA keeps it (and mirrors under the `user` storage key). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  phone: string[];
  address: Address[];
  avatar?: string | null;
  /** When the owner proved the email is theirs (ISO time); null until then (decision 0042). */
  emailVerifiedAt?: string | null;
  createdAt: string;
}

/**
 * The User fields every operation returning the account selects, so the session stays whole.
 * A plain string: the start-up check sends it without a GraphQL parser (see graphql-request.ts).
 */
export const SESSION_USER_SELECTION = `
  id
  name
  email
  role
  phone
  address {
    pin
    other
    city
    state
    country
  }
  avatar
  emailVerifiedAt
  createdAt
`;
