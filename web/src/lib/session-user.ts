import type { BookAddress } from '@shop/proto-contracts/web';

export type Role = 'user' | 'emp' | 'admin';

/** A saved address (decision 0065); one saved before the address book has no recipient or lines. */
export type Address = BookAddress;

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
    id
    isDefault
    recipientName
    phone
    line1
    line2
    landmark
    pin
    other
    city
    district
    state
    country
  }
  avatar
  emailVerifiedAt
  createdAt
`;
