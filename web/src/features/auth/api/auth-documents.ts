import { graphqlDocument } from '../../../lib/graphql-document';
import { SESSION_USER_SELECTION } from '../../../lib/session-user';

// Sent with lib/graphql-request.ts: no GraphQL parser on these pages.

export const LOGIN_MUTATION = graphqlDocument('Login', `
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      success
      message
      user { ${SESSION_USER_SELECTION} }
    }
  }
`);

export const REGISTER_MUTATION = graphqlDocument('Register', `
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      success
      message
      user { ${SESSION_USER_SELECTION} }
    }
  }
`);

export const SEND_OTP_MUTATION = graphqlDocument('SendOtp', `
  mutation SendOtp($email: String!) {
    sendOtp(email: $email) {
      success
      message
    }
  }
`);

export const RESET_PASSWORD_WITH_OTP_MUTATION = graphqlDocument('ResetPasswordWithOtp', `
  mutation ResetPasswordWithOtp($email: String!, $otp: String!, $password: String!, $confirmPassword: String!) {
    resetPasswordWithOtp(email: $email, otp: $otp, password: $password, confirmPassword: $confirmPassword) {
      success
      message
    }
  }
`);

export const RESET_PASSWORD_WITH_TOKEN_MUTATION = graphqlDocument('ResetPasswordWithToken', `
  mutation ResetPasswordWithToken($token: String!, $password: String!, $confirmPassword: String!) {
    resetPassword(token: $token, password: $password, confirmPassword: $confirmPassword) {
      success
      message
    }
  }
`);

/** Opens the verification link mailed after sign-up (or sent again from the profile). */
export const VERIFY_EMAIL_MUTATION = graphqlDocument('VerifyEmail', `
  mutation VerifyEmail($token: String!) {
    verifyEmail(token: $token) {
      success
      message
    }
  }
`);

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
