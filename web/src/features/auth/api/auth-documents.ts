import { gql, type TypedDocumentNode } from '@apollo/client';
import { SESSION_USER_FIELDS } from '../../../lib/session-fragment';
import type { SessionUser } from '../../../lib/session-user';

interface AuthPayload {
  success: boolean;
  message?: string | null;
  user?: SessionUser | null;
}

interface Result {
  success: boolean;
  message?: string | null;
}

export const LOGIN: TypedDocumentNode<{ login: AuthPayload }, { email: string; password: string }> = gql`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      success
      message
      user {
        ...SessionUserFields
      }
    }
  }
  ${SESSION_USER_FIELDS}
`;

export interface RegisterInput {
  name: string;
  email: string;
  phone: string;
  password: string;
}

export const REGISTER: TypedDocumentNode<{ register: AuthPayload }, { input: RegisterInput }> = gql`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      success
      message
      user {
        id
      }
    }
  }
`;

export const SEND_OTP: TypedDocumentNode<{ sendOtp: Result }, { email: string }> = gql`
  mutation SendOtp($email: String!) {
    sendOtp(email: $email) {
      success
      message
    }
  }
`;

export const RESET_PASSWORD_WITH_OTP: TypedDocumentNode<
  { resetPasswordWithOtp: Result },
  { email: string; otp: string; password: string; confirmPassword: string }
> = gql`
  mutation ResetPasswordWithOtp($email: String!, $otp: String!, $password: String!, $confirmPassword: String!) {
    resetPasswordWithOtp(email: $email, otp: $otp, password: $password, confirmPassword: $confirmPassword) {
      success
      message
    }
  }
`;

export const RESET_PASSWORD_WITH_TOKEN: TypedDocumentNode<
  { resetPassword: Result },
  { token: string; password: string; confirmPassword: string }
> = gql`
  mutation ResetPasswordWithToken($token: String!, $password: String!, $confirmPassword: String!) {
    resetPassword(token: $token, password: $password, confirmPassword: $confirmPassword) {
      success
      message
    }
  }
`;
