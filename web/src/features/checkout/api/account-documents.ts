import { gql, type TypedDocumentNode } from '@apollo/client';
import { SESSION_USER_FIELDS } from '../../../lib/session-fragment';
import type { Address, SessionUser } from '../../../lib/session-user';

// The same mutations as the profile's forms (features do not import each other): checkout adds a
// phone or an address inline, and the answer's user keeps the session whole.

interface AuthPayload {
  success: boolean;
  message?: string | null;
  user?: SessionUser | null;
}

export const ADD_PHONE: TypedDocumentNode<{ addPhone: AuthPayload }, { phone: string }> = gql`
  mutation AddPhone($phone: String!) {
    addPhone(phone: $phone) {
      success
      message
      user {
        ...SessionUserFields
      }
    }
  }
  ${SESSION_USER_FIELDS}
`;

export const ADD_ADDRESS: TypedDocumentNode<{ addAddress: AuthPayload }, { input: Address }> = gql`
  mutation AddAddress($input: AddressInput!) {
    addAddress(input: $input) {
      success
      message
      user {
        ...SessionUserFields
      }
    }
  }
  ${SESSION_USER_FIELDS}
`;
