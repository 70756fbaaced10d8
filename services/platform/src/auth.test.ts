import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { createTokenVerifier, JWT_ALGORITHM, JWT_ISSUER } from './auth';
import { MemoryAuthzState } from './authz-state';
import { testKeys } from './testing';

const keys = testKeys();
const sign = (claims: Record<string, unknown>, expiresIn: number, privateKey = keys.privateKey) =>
  jwt.sign({ role: 'user', email: 'asha@example.in', name: 'Asha', av: 1, ...claims }, privateKey, { algorithm: JWT_ALGORITHM, issuer: JWT_ISSUER, expiresIn });

const refusal = { kind: 'UNAUTHENTICATED' };

describe('token verifier', () => {
  test('a token verified once is accepted again, and still refused at once when its user’s version is raised or its session ends', async () => {
    const authz = new MemoryAuthzState();
    const verifier = createTokenVerifier(keys.publicKey, authz);
    const token = sign({ sub: 'u-1', sid: 's-1' }, 900);
    // A token without the emailVerified claim (issued before it existed) counts as unverified.
    expect(await verifier.verify(token)).toEqual({ userId: 'u-1', role: 'user', email: 'asha@example.in', name: 'Asha', emailVerified: false, sessionId: 's-1' });
    expect(await verifier.verify(sign({ sub: 'u-1', sid: 's-1', emailVerified: true }, 900))).toMatchObject({ emailVerified: true });
    expect(await verifier.verify(token)).toMatchObject({ userId: 'u-1' });

    const other = sign({ sub: 'u-2', sid: 's-2' }, 900);
    await verifier.verify(other);
    await authz.setVersion('u-2', 2);
    await expect(verifier.verify(other)).rejects.toMatchObject(refusal);

    await authz.endSession('s-1', Date.now() + 60_000);
    await expect(verifier.verify(token)).rejects.toMatchObject(refusal);
  });

  test('a remembered token stops working when it expires', async () => {
    const verifier = createTokenVerifier(keys.publicKey, new MemoryAuthzState());
    const token = sign({ sub: 'u-3' }, 1);
    await verifier.verify(token);
    await new Promise((r) => setTimeout(r, 1_100));
    await expect(verifier.verify(token)).rejects.toMatchObject(refusal);
  });

  test('a token signed with another key, or not a token, is refused', async () => {
    const verifier = createTokenVerifier(keys.publicKey, new MemoryAuthzState());
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    await expect(verifier.verify(sign({ sub: 'u-4' }, 900, stranger.privateKey))).rejects.toMatchObject(refusal);
    await expect(verifier.verify('not-a-token')).rejects.toMatchObject(refusal);
  });
});
