import { graphqlDocument } from './graphql-document';
import { SESSION_USER_SELECTION } from './session-user';

// Adding a phone or an address, from the profile or inline at checkout: the answer's user keeps
// the session whole (every view of it shows the new entry at once).

/** "Resend" on the profile: a new verification link to the account's address. */
export const RESEND_VERIFICATION = graphqlDocument('ResendVerificationEmail', `
  mutation ResendVerificationEmail {
    resendVerificationEmail {
      success
      message
    }
  }
`);

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

export const CREATE_ADDRESS = graphqlDocument('CreateAddress', `
  mutation CreateAddress($input: AddressBookInput!) {
    createAddress(input: $input) { success message user { ${SESSION_USER_SELECTION} } }
  }
`);

export const UPDATE_ADDRESS = graphqlDocument('UpdateAddress', `
  mutation UpdateAddress($id: ID!, $input: AddressBookInput!) {
    updateAddress(id: $id, input: $input) { success message user { ${SESSION_USER_SELECTION} } }
  }
`);

export const DELETE_ADDRESS = graphqlDocument('DeleteAddress', `
  mutation DeleteAddress($id: ID!) {
    deleteAddress(id: $id) { success message user { ${SESSION_USER_SELECTION} } }
  }
`);

export const MAKE_DEFAULT_ADDRESS = graphqlDocument('MakeDefaultAddress', `
  mutation MakeDefaultAddress($id: ID!) {
    makeDefaultAddress(id: $id) { success message user { ${SESSION_USER_SELECTION} } }
  }
`);

export const DELETE_PHONE = graphqlDocument('DeletePhone', `
  mutation DeletePhone($phone: String!) {
    deletePhone(phone: $phone) { success message user { ${SESSION_USER_SELECTION} } }
  }
`);

export const MAKE_DEFAULT_PHONE = graphqlDocument('MakeDefaultPhone', `
  mutation MakeDefaultPhone($phone: String!) {
    makeDefaultPhone(phone: $phone) { success message user { ${SESSION_USER_SELECTION} } }
  }
`);

export const PIN_CODE = graphqlDocument('PinCode', `
  query PinCode($pin: String!) {
    pinCode(pin: $pin) { pin city district districts state states localities }
  }
`);
