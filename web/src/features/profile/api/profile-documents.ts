import { graphqlDocument, type ResultOf } from '../../../lib/graphql-document';
import { SESSION_USER_SELECTION } from '../../../lib/session-user';

// Sent with lib/use-session-graphql.ts: no GraphQL parser on this page.
// Every change answers with the whole account, which the form hands to the session (updateUser),
// so every view of the session (header, profile, checkout) shows it at once.

export const UPDATE_PROFILE_MUTATION = graphqlDocument('UpdateProfile', `
  mutation UpdateProfile($name: String!, $email: String!, $avatar: String, $currentPassword: String) {
    updateProfile(name: $name, email: $email, avatar: $avatar, currentPassword: $currentPassword) {
      success
      message
      user { ${SESSION_USER_SELECTION} }
    }
  }
`);

export const UPDATE_PASSWORD_MUTATION = graphqlDocument('UpdatePassword', `
  mutation UpdatePassword($oldPassword: String!, $newPassword: String!, $confirmPassword: String!) {
    updatePassword(oldPassword: $oldPassword, newPassword: $newPassword, confirmPassword: $confirmPassword) {
      success
      message
    }
  }
`);

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

export type OrderHistoryData = ResultOf<typeof ORDER_HISTORY_QUERY>;
