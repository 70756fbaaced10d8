import { graphqlDocument } from './graphql-document';
import { SESSION_USER_SELECTION } from './session-user';

/** Who is logged in (null when nobody): the start-up check and the check after verifying an e-mail. */
export const ME_QUERY = graphqlDocument('Me', `query Me { me { ${SESSION_USER_SELECTION} } }`);

export const LOGOUT_MUTATION = graphqlDocument('Logout', 'mutation Logout { logout { success message } }');

/** Rotates the refresh cookie (lib/token-refresher.ts). */
export const REFRESH_TOKEN = graphqlDocument('RefreshToken', 'mutation RefreshToken { refreshToken { success message } }');
