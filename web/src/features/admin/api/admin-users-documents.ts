import { graphqlDocument, type ResultOf } from '../../../lib/graphql-document';
import type { Role } from '../../../lib/session-user';

/** Admin: one page of the accounts a search finds (name, email or phone; role), newest first. */
export const ADMIN_USER_PAGE = graphqlDocument('AdminUserPage', `
  query AdminUserPage($q: String, $role: Role, $page: Int!, $pageSize: Int!) {
    adminUserPage(q: $q, role: $role, page: $page, pageSize: $pageSize) {
      users {
        id
        name
        email
        role
        avatar
        createdAt
      }
      total
      totalPages
      currentPage
    }
  }
`);

export const SET_USER_ROLE = graphqlDocument('SetUserRole', `
  mutation SetUserRole($id: ID!, $role: Role!) {
    setUserRole(id: $id, role: $role) {
      success
      message
      user {
        id
        name
        email
        role
        avatar
        createdAt
      }
    }
  }
`);

export const DELETE_USER = graphqlDocument('DeleteUser', `
  mutation DeleteUser($id: ID!) {
    deleteUser(id: $id) {
      success
      message
    }
  }
`);

/** The Edit Role menu's choices, in the spec's order. */
export const ROLE_CHOICES: ReadonlyArray<{ role: Role; label: string }> = [
  { role: 'user', label: 'User' },
  { role: 'admin', label: 'Admin' },
  { role: 'emp', label: 'Emp' },
];

export type AdminUserPageData = ResultOf<typeof ADMIN_USER_PAGE>;
/** An account as the Users section shows it. */
export type AdminUser = AdminUserPageData['adminUserPage']['users'][number];
