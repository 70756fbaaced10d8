import { graphqlDocument } from './graphql-document';
import type { AddressEntry, PinPlace } from '@shop/proto-contracts/web';
import { SESSION_USER_SELECTION, type SessionUser } from './session-user';

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
export const RESEND_VERIFICATION = graphqlDocument('ResendVerificationEmail', `
  mutation ResendVerificationEmail {
    resendVerificationEmail {
      success
      message
    }
  }
`);

export interface AddPhoneData {
  addPhone: AuthPayload;
}

export type AddPhoneVariables = { phone: string };

export const ADD_PHONE = graphqlDocument('AddPhone', `
  mutation AddPhone($phone: String!) {
    addPhone(phone: $phone) {
      success
      message
      user { ${SESSION_USER_SELECTION} }
    }
  }
`);

// The address book (decision 0065): each change answers the account as it now is.

export interface CreateAddressData {
  createAddress: AuthPayload;
}
export type CreateAddressVariables = { input: AddressEntry };
export const CREATE_ADDRESS = graphqlDocument('CreateAddress', `
  mutation CreateAddress($input: AddressBookInput!) {
    createAddress(input: $input) { success message user { ${SESSION_USER_SELECTION} } }
  }
`);

export interface UpdateAddressData {
  updateAddress: AuthPayload;
}
export type UpdateAddressVariables = { id: string; input: AddressEntry };
export const UPDATE_ADDRESS = graphqlDocument('UpdateAddress', `
  mutation UpdateAddress($id: ID!, $input: AddressBookInput!) {
    updateAddress(id: $id, input: $input) { success message user { ${SESSION_USER_SELECTION} } }
  }
`);

export interface DeleteAddressData {
  deleteAddress: AuthPayload;
}
export const DELETE_ADDRESS = graphqlDocument('DeleteAddress', `
  mutation DeleteAddress($id: ID!) {
    deleteAddress(id: $id) { success message user { ${SESSION_USER_SELECTION} } }
  }
`);

export interface MakeDefaultAddressData {
  makeDefaultAddress: AuthPayload;
}
export const MAKE_DEFAULT_ADDRESS = graphqlDocument('MakeDefaultAddress', `
  mutation MakeDefaultAddress($id: ID!) {
    makeDefaultAddress(id: $id) { success message user { ${SESSION_USER_SELECTION} } }
  }
`);

export interface DeletePhoneData {
  deletePhone: AuthPayload;
}
export const DELETE_PHONE = graphqlDocument('DeletePhone', `
  mutation DeletePhone($phone: String!) {
    deletePhone(phone: $phone) { success message user { ${SESSION_USER_SELECTION} } }
  }
`);

export interface MakeDefaultPhoneData {
  makeDefaultPhone: AuthPayload;
}
export const MAKE_DEFAULT_PHONE = graphqlDocument('MakeDefaultPhone', `
  mutation MakeDefaultPhone($phone: String!) {
    makeDefaultPhone(phone: $phone) { success message user { ${SESSION_USER_SELECTION} } }
  }
`);

/** Where a PIN code is (public): null when India Post has no such PIN. */
export interface PinCodeData {
  pinCode: PinPlace | null;
}
export const PIN_CODE = graphqlDocument('PinCode', `
  query PinCode($pin: String!) {
    pinCode(pin: $pin) { pin city district state states }
  }
`);
