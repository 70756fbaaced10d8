import { graphqlDocument } from '../../../lib/graphql-document';
import type { Role } from '../../../lib/session-user';

/** An account as the Users section shows it. */
export interface AdminUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  avatar: string | null;
  createdAt: string;
}

export interface AdminUserPageData {
  adminUserPage: { users: AdminUser[]; total: number; totalPages: number; currentPage: number };
}

export interface AdminUserPageVariables {
  q: string | null;
  role: Role | null;
  page: number;
  limit: number;
}

/** Admin: one page of the accounts a search finds (name, email or phone; role), newest first. */
export const ADMIN_USER_PAGE = graphqlDocument('AdminUserPage', `
  query AdminUserPage($q: String, $role: Role, $page: Int!, $limit: Int!) {
    adminUserPage(q: $q, role: $role, page: $page, limit: $limit) {
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

export interface SetUserRoleData {
  setUserRole: { success: boolean; message: string | null; user: AdminUser | null };
}

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

export interface DeleteUserData {
  deleteUser: { success: boolean; message: string | null };
}

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
