import { gql } from '@apollo/client';
import { SESSION_USER_SELECTION } from './session-user';

/** SESSION_USER_SELECTION as a fragment for Apollo documents. */
export const SESSION_USER_FIELDS = gql`
  fragment SessionUserFields on User {
    ${SESSION_USER_SELECTION}
  }
`;
