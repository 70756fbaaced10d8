import { startEmbedded } from './main';

/** Google sign-in's settings are checked before anything starts (no data folder is made). */
describe('Google sign-in settings of the embedded shop', () => {
  const base = { PORT: '0', DATA_DIR: 'never-created', LOG_LEVEL: 'silent' as const };

  test('a client id without its secret (or the reverse) is refused by name', async () => {
    await expect(startEmbedded({ ...base, OIDC_CLIENT_ID: 'shop.apps.googleusercontent.com' })).rejects.toThrow(
      'OIDC_CLIENT_SECRET: is required with OIDC_CLIENT_ID (Google sign-in needs both)',
    );
    await expect(startEmbedded({ ...base, OIDC_CLIENT_SECRET: 'secret' })).rejects.toThrow('OIDC_CLIENT_ID: is required with OIDC_CLIENT_SECRET');
  });

  test('an issuer over plain http is refused unless it is on this machine', async () => {
    await expect(startEmbedded({ ...base, OIDC_ISSUER: 'http://accounts.example.in', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' })).rejects.toThrow(
      'OIDC_ISSUER: must be an https URL (http only for 127.0.0.1 or localhost)',
    );
  });
});
