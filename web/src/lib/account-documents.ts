import { SESSION_USER_SELECTION, type Address, type SessionUser } from './session-user';

// Adding a phone or an address, from the profile or inline at checkout: the answer's user keeps
// the session whole (every view of it shows the new entry at once).

export interface AuthPayload {
  success: boolean;
  message?: string | null;
  user?: SessionUser | null;
}

export interface ResendVerificationData {
  resendVerificationEmail: { success: boolean; message: string | null };
}

/** "Resend" on the profile: a new verification link to the account's address. */
export const RESEND_VERIFICATION = `
  mutation ResendVerificationEmail {
    resendVerificationEmail {
      success
      message
    }
  }
`;

export interface AddPhoneData {
  addPhone: AuthPayload;
}

export type AddPhoneVariables = { phone: string };

export const ADD_PHONE = `
  mutation AddPhone($phone: String!) {
    addPhone(phone: $phone) {
      success
      message
      user { ${SESSION_USER_SELECTION} }
    }
  }
`;

export interface AddAddressData {
  addAddress: AuthPayload;
}

export type AddAddressVariables = { input: Address };

export const ADD_ADDRESS = `
  mutation AddAddress($input: AddressInput!) {
    addAddress(input: $input) {
      success
      message
      user { ${SESSION_USER_SELECTION} }
    }
  }
`;
