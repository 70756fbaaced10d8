import { graphqlDocument } from '../../../lib/graphql-document';
import { SESSION_USER_SELECTION, type SessionUser } from '../../../lib/session-user';

// Plain strings sent with lib/graphql-request.ts: no GraphQL parser or Apollo on these pages.

interface AuthPayload {
  success: boolean;
  message?: string | null;
  user?: SessionUser | null;
}

interface Result {
  success: boolean;
  message?: string | null;
}

export interface LoginData {
  login: AuthPayload;
}

export const LOGIN_MUTATION = graphqlDocument('Login', `
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      success
      message
      user { ${SESSION_USER_SELECTION} }
    }
  }
`);

export interface RegisterInput {
  name: string;
  email: string;
  phone: string;
  password: string;
}

/** A new account is signed in at once (the server sets the session cookies as at login). */
export interface RegisterData {
  register: AuthPayload;
}

export const REGISTER_MUTATION = graphqlDocument('Register', `
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      success
      message
      user { ${SESSION_USER_SELECTION} }
    }
  }
`);

export interface SendOtpData {
  sendOtp: Result;
}

export const SEND_OTP_MUTATION = graphqlDocument('SendOtp', `
  mutation SendOtp($email: String!) {
    sendOtp(email: $email) {
      success
      message
    }
  }
`);

export interface ResetPasswordWithOtpData {
  resetPasswordWithOtp: Result;
}

export const RESET_PASSWORD_WITH_OTP_MUTATION = graphqlDocument('ResetPasswordWithOtp', `
  mutation ResetPasswordWithOtp($email: String!, $otp: String!, $password: String!, $confirmPassword: String!) {
    resetPasswordWithOtp(email: $email, otp: $otp, password: $password, confirmPassword: $confirmPassword) {
      success
      message
    }
  }
`);

export interface ResetPasswordWithTokenData {
  resetPassword: Result;
}

export const RESET_PASSWORD_WITH_TOKEN_MUTATION = graphqlDocument('ResetPasswordWithToken', `
  mutation ResetPasswordWithToken($token: String!, $password: String!, $confirmPassword: String!) {
    resetPassword(token: $token, password: $password, confirmPassword: $confirmPassword) {
      success
      message
    }
  }
`);

export interface VerifyEmailData {
  verifyEmail: { success: boolean; message: string | null };
}

/** Opens the verification link mailed after sign-up (or sent again from the profile). */
export const VERIFY_EMAIL_MUTATION = graphqlDocument('VerifyEmail', `
  mutation VerifyEmail($token: String!) {
    verifyEmail(token: $token) {
      success
      message
    }
  }
`);

export interface ConfirmEmailChangeData {
  confirmEmailChange: { success: boolean; message: string | null };
}

/** Opens the link mailed to the new address of an email change. */
export const CONFIRM_EMAIL_CHANGE_MUTATION = graphqlDocument('ConfirmEmailChange', `
  mutation ConfirmEmailChange($token: String!) {
    confirmEmailChange(token: $token) {
      success
      message
    }
  }
`);

/** The sign-in providers the shop is configured with (decision 0078's buttons). */
export const AUTH_PROVIDERS_QUERY = graphqlDocument('AuthProviders', 'query AuthProviders { authProviders { id name startUrl } }');
