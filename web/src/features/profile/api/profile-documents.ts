import { gql, type TypedDocumentNode } from '@apollo/client';
import { SESSION_USER_FIELDS } from '../../../lib/session-fragment';
import type { Address, SessionUser } from '../../../lib/session-user';

interface AuthPayload {
  success: boolean;
  message?: string | null;
  user?: SessionUser | null;
}

interface Result {
  success: boolean;
  message?: string | null;
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

export const UPDATE_PROFILE: TypedDocumentNode<
  { updateProfile: AuthPayload },
  { name: string; email: string; avatar?: string }
> = gql`
  mutation UpdateProfile($name: String!, $email: String!, $avatar: String) {
    updateProfile(name: $name, email: $email, avatar: $avatar) {
      success
      message
      user {
        ...SessionUserFields
      }
    }
  }
  ${SESSION_USER_FIELDS}
`;

export const UPDATE_PASSWORD: TypedDocumentNode<
  { updatePassword: Result },
  { oldPassword: string; newPassword: string; confirmPassword: string }
> = gql`
  mutation UpdatePassword($oldPassword: String!, $newPassword: String!, $confirmPassword: String!) {
    updatePassword(oldPassword: $oldPassword, newPassword: $newPassword, confirmPassword: $confirmPassword) {
      success
      message
    }
  }
`;
