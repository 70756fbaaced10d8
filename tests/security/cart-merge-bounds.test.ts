import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cartMessages, MAX_GUEST_MERGE_LINES } from '@shop/proto-contracts';
import { startEmbedded } from '../../deploy/embedded/main';
import { freePort } from '../support/processes';
import { startSmtpInbox } from '../support/smtp-inbox';
import { answered, AttackClient, serverErrors } from './attack-client';

/**
 * The guest-cart merge as an attacker uses it (issue 41, decision 0097): the embedded shop in
 * production mode, through the gateway. One merge of made-up product ids, or many aliased merges
 * with their lines in variables, must be refused or do bounded work, and count its lines toward
 * the caller's rate limit.
 */
const ADMIN = { email: 'admin@merge-bounds.test', password: 'Adm1n#Merge-Bounds' };
const PER_MINUTE = 2000;

let shop: Awaited<ReturnType<typeof startEmbedded>>;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let dataDir: string;
let accountCounter = 0;

const client = () => new AttackClient(shop.url);

/** A new shopper, signed up and logged in. */
async function shopper() {
  accountCounter += 1;
  const c = client();
  const res = await c.post('/api/v1/register', { name: 'Ravi Merge', email: `merge.${accountCounter}@merge-bounds.test`, phone: '9876543210', password: `Mango#Tree-${accountCounter}x` });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return c;
}

const madeUpLines = (n: number) => Array.from({ length: n }, () => ({ productId: randomUUID(), quantity: 1 }));
const MERGE_FIELDS = 'success message results { status } cart { totalItems }';
const aliasedMerges = (n: number) =>
  `mutation Attack($key: ID!, $lines: [GuestCartLineInput!]!) { ${Array.from({ length: n }, (_, i) => `m${i}: mergeGuestCart(mergeKey: $key, lines: $lines) { ${MERGE_FIELDS} }`).join(' ')} }`;

/** What the per-client limit has left for this caller (read from a cheap request's answer). */
async function remaining(c: AttackClient): Promise<number> {
  const res = await c.get('/api/v1/categories');
  return Number(res.headers.get('ratelimit-remaining'));
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: Math.round(performance.now() - started), value };
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  dataDir = mkdtempSync(join(tmpdir(), 'shop-merge-bounds-'));
  shop = await startEmbedded({
    NODE_ENV: 'production',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: inbox.url,
    RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
  });
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  await inbox?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('guest-cart merges are bounded', () => {
  test(`15 aliased mergeGuestCart calls with ${MAX_GUEST_MERGE_LINES} lines each in variables are refused before any work, and counted by their lines`, async () => {
    const attacker = await shopper();
    const before = await remaining(attacker);
    const { ms, value: res } = await timed(() => attacker.graphql(aliasedMerges(15), { key: randomUUID(), lines: madeUpLines(MAX_GUEST_MERGE_LINES) }));
    process.stdout.write(`15 aliased merges of ${MAX_GUEST_MERGE_LINES} lines: ${res.status} in ${ms} ms\n`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^Query is too expensive: cost \d+, maximum 1500/), extensions: { code: 'QUERY_TOO_COMPLEX' } });
    // 15 × 50 lines counted (and the two probes), not 15.
    expect(before - (await remaining(attacker))).toBeGreaterThanOrEqual(15 * MAX_GUEST_MERGE_LINES);
    expect((await attacker.get('/api/v1/loadCart')).body.cartItems).toEqual([]);
  });

  test('a single GraphQL merge of made-up products is refused with a clear message after one look-up', async () => {
    const attacker = await shopper();
    const res = await attacker.graphql(`mutation($key: ID!, $lines: [GuestCartLineInput!]!) { mergeGuestCart(mergeKey: $key, lines: $lines) { ${MERGE_FIELDS} } }`, {
      key: randomUUID(),
      lines: madeUpLines(MAX_GUEST_MERGE_LINES),
    });
    expect(res.body.data ?? null).toBeNull();
    expect(res.body.errors?.[0]).toMatchObject({ message: cartMessages.mergeTooManyUnknown, extensions: { code: 'BAD_USER_INPUT' } });
  });

  test(`a REST merge of ${MAX_GUEST_MERGE_LINES} random ids answers a 400 at once, is counted by its lines and stores nothing`, async () => {
    const attacker = await shopper();
    const before = await remaining(attacker);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { ms, value: res } = await timed(() => attacker.post('/api/v1/cart/merge', { mergeKey: randomUUID(), lines: madeUpLines(MAX_GUEST_MERGE_LINES) }));
      expect([res.status, res.body]).toEqual([400, { success: false, message: cartMessages.mergeTooManyUnknown }]);
      times.push(ms);
    }
    process.stdout.write(`REST merge of ${MAX_GUEST_MERGE_LINES} random ids: ${times.join(', ')} ms\n`);
    // One batched look-up, not 50 one after another (which took 2.2–7.4 s): well under two seconds.
    expect(Math.min(...times)).toBeLessThan(2000);
    expect(before - (await remaining(attacker))).toBeGreaterThanOrEqual(3 * MAX_GUEST_MERGE_LINES);
    expect((await attacker.get('/api/v1/loadCart')).body.cartItems).toEqual([]);
  });

  test('a GraphQL request past the per-client limit by its lines is a 429', async () => {
    const attacker = await shopper();
    // Spend the caller's minute down to less than one full merge.
    let left = await remaining(attacker);
    while (left > MAX_GUEST_MERGE_LINES) {
      const res = await attacker.graphql(aliasedMerges(15), { key: randomUUID(), lines: madeUpLines(Math.min(MAX_GUEST_MERGE_LINES, Math.floor((left - 2) / 15) || 1)) });
      if (res.status === 429) break;
      left = await remaining(attacker);
    }
    const refused = await attacker.graphql(aliasedMerges(1), { key: randomUUID(), lines: madeUpLines(MAX_GUEST_MERGE_LINES) });
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
  });

  test('not one answer was a 5xx', () => {
    expect(answered.length).toBeGreaterThan(10);
    expect(serverErrors()).toEqual([]);
  });
});
