import type { ResultOf } from './graphql-document';
import type { ME_QUERY } from './session-documents';

export type { Role } from '../graphql/operations.generated';

/** The logged-in account as the SPA keeps it (and mirrors under the `user` storage key). */
export type SessionUser = NonNullable<ResultOf<typeof ME_QUERY>['me']>;

/** A saved address (decision 0065); one saved before the address book has no recipient or lines. */
export type Address = SessionUser['address'][number];

/**
 * The User fields every operation returning the account selects, so the session stays whole.
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
