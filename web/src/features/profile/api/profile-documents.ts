import { graphqlDocument } from '../../../lib/graphql-document';
import { SESSION_USER_SELECTION, type SessionUser } from '../../../lib/session-user';

// Plain strings sent with lib/use-session-graphql.ts: no GraphQL parser or Apollo on this page.
// Every change answers with the whole account, which the form hands to the session (updateUser),
// so every view of the session (header, profile, checkout) shows it at once.

interface AuthPayload {
  success: boolean;
  message?: string | null;
  user?: SessionUser | null;
}

interface Result {
  success: boolean;
  message?: string | null;
}

export interface UpdateProfileData {
  updateProfile: AuthPayload;
}

export const UPDATE_PROFILE_MUTATION = graphqlDocument('UpdateProfile', `
  mutation UpdateProfile($name: String!, $email: String!, $avatar: String, $currentPassword: String) {
    updateProfile(name: $name, email: $email, avatar: $avatar, currentPassword: $currentPassword) {
      success
      message
      user { ${SESSION_USER_SELECTION} }
    }
  }
`);

export interface UpdatePasswordData {
  updatePassword: Result;
}

export const UPDATE_PASSWORD_MUTATION = graphqlDocument('UpdatePassword', `
  mutation UpdatePassword($oldPassword: String!, $newPassword: String!, $confirmPassword: String!) {
    updatePassword(oldPassword: $oldPassword, newPassword: $newPassword, confirmPassword: $confirmPassword) {
      success
      message
    }
  }
`);

export interface OrderHistoryEntry {
  id: string;
  createdAt: string;
  orderStatus: string;
  totalPrice: number;
}

export interface OrderHistoryData {
  me: { id: string; orders: OrderHistoryEntry[] } | null;
}

/** The profile's one orders request: only what the Order History card shows. */
export const ORDER_HISTORY_QUERY = graphqlDocument('OrderHistory', `
  query OrderHistory {
    me {
      id
      orders {
        id
        createdAt
        orderStatus
        totalPrice
      }
    }
  }
`);
