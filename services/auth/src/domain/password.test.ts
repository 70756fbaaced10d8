import { hashPassword, NO_PASSWORD, verifyPassword } from './password';

describe('password hashing', () => {
  it('accepts the password it hashed', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
  });

  it('refuses a different password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('salts each hash, so one password never hashes the same twice', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('never contains the password itself', async () => {
    expect(await hashPassword('plain-text-secret')).not.toContain('plain-text-secret');
  });

  it('refuses an unreadable stored hash instead of throwing', async () => {
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
  });

  it('matches no password at all for an account made by Google sign-in', async () => {
    for (const guess of ['', NO_PASSWORD, 'none', 'scrypt']) expect(await verifyPassword(guess, NO_PASSWORD)).toBe(false);
  });
});
