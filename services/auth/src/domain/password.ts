import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { authMessages } from '@shop/proto-contracts';
import { badRequest } from '@shop/platform';

/**
 * Password hashing with scrypt (N=16384, r=8, p=1, 16-byte salt, 64-byte key). The parameters are
 * stored in the hash, so they can be raised later without breaking existing accounts.
 * Format: `scrypt$N$r$p$<salt base64>$<key base64>`.
 */
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, keylen, { ...opts, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/**
 * The stored hash of an account without a password (created by Google sign-in): no password matches
 * it, so the owner signs in with Google or first sets a password through "Forgot password".
 */
export const NO_PASSWORD = 'none';

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when the password matches the stored hash; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  // Same cost as a real check, so timing does not tell a password-less account from another.
  if (parts.length !== 6 || parts[0] !== 'scrypt') return verifyAgainstDummy(password);
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (!N || !r || !p || expected.length === 0) return false;
  const actual = await scrypt(password, salt, expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks the password against a throw-away hash, so a login for an unknown email costs the same
 * time as one for a real account and the response time does not reveal which emails exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}

/** A random password that satisfies the sign-up rules, for the bootstrap admin. */
export function generateStrongPassword(): string {
  return randomBytes(18).toString('base64url');
}

/** The most commonly used passwords (zxcvbn-ts's list, ~49k entries), lower-cased for lookup. */
let commonPasswords: Set<string> | undefined;
function commonPasswordList(): Set<string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  commonPasswords ??= new Set((require('@zxcvbn-ts/language-common') as { dictionary: Record<string, string[]> }).dictionary['passwords-common']!.map((p) => p.toLowerCase()));
  return commonPasswords;
}

/**
 * Whether a new password is too easy to guess (NIST SP 800-63B 5.1.1.2): one of the commonly used
 * ones, or a single character repeated ("aaaaaaaa").
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (/^(.)\1*$/.test(lower)) return true;
  return commonPasswordList().has(lower);
}

/** Refuses a commonly used password with a message that says why (400). */
export function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) throw badRequest(authMessages.passwordTooCommon);
}
