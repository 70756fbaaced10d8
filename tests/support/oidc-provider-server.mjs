// A real OpenID Connect provider for tests (the `oidc-provider` package, ESM-only, hence its own
// process): one confidential client, PKCE required, the package's development login form, and
// consent already given. Whoever signs in is named by what they type as the login:
//   asha@example.in              → that email, verified
//   unverified:asha@example.in   → that email, not verified
//   subject:g-1:asha@example.in  → the provider account g-1 (its `sub`), now holding that email
// Settings from the environment: OIDC_TEST_PORT, OIDC_TEST_CLIENT_ID, OIDC_TEST_CLIENT_SECRET,
// OIDC_TEST_REDIRECT_URIS (space-separated). Prints "ready <issuer>" once it listens.
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_TEST_PORT);
const issuer = `http://127.0.0.1:${port}`;

function claimsOf(login) {
  const named = /^subject:([^:]+):(.*)$/.exec(login);
  const rest = named ? named[2] : login;
  const unverified = rest.startsWith('unverified:');
  const email = unverified ? rest.slice('unverified:'.length) : rest;
  const local = email.split('@')[0] ?? email;
  return {
    sub: named ? named[1] : `sub-${Buffer.from(email).toString('hex')}`,
    email,
    email_verified: !unverified,
    name: local.replace(/[._-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
  };
}

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.OIDC_TEST_CLIENT_ID,
      client_secret: process.env.OIDC_TEST_CLIENT_SECRET,
      redirect_uris: (process.env.OIDC_TEST_REDIRECT_URIS ?? '').split(' ').filter(Boolean),
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  pkce: { methods: ['S256'], required: () => true },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => claimsOf(id) }),
  // Consent is taken as given, so the only page a shopper sees here is the login form.
  loadExistingGrant: async (ctx) => {
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
  cookies: { keys: ['oidc-test-provider-cookie-key'] },
  features: { devInteractions: { enabled: true } },
  // A single-use code, as Google's; a second exchange is refused with invalid_grant.
  ttl: { AuthorizationCode: 60, IdToken: 300, AccessToken: 300, Interaction: 600, Session: 600, Grant: 600 },
});
// The development-only warnings are expected here.
provider.on('server_error', (_ctx, err) => process.stderr.write(`server_error ${err.stack}\n`));

provider.listen(port, '127.0.0.1', () => {
  process.stdout.write(`ready ${issuer}\n`);
});
