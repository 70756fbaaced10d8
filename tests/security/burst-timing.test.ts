import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbedded } from '../../deploy/embedded/main';
import { freePort } from '../support/processes';
import { mailText, startSmtpInbox } from '../support/smtp-inbox';
import { answered, AttackClient, serverErrors } from './attack-client';

/**
 * Whether bursts of answers tell who has an account (issue 41, decision 0099): the embedded shop in
 * production mode, asked 10 requests at once, bursts for known and for unknown addresses in turn.
 * A burst's work for a real account (a code hashed, rows written, a mail rendered and sent) must
 * not run beside that burst's answers and slow them.
 *
 * Every address is used once per endpoint and is its own inbox (no `+tag`, no two differing only
 * in dots), so neither the per-address nor the per-inbox mail limits answer 429; each burst comes
 * from its own loopback address (127.0.x.y) so the per-client limits (10 codes, 10 links, 20
 * newsletter sign-ups and 30 sign-ups per client) never do either.
 */
const BURST = 10;
const BURSTS_EACH = 12;

let shop: Awaited<ReturnType<typeof startEmbedded>>;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let dataDir: string;
let port: number;
let clientCounter = 0;

/** A caller's address of its own (loopback, so the shop hears it as that client's). */
function nextClient(): string {
  clientCounter += 1;
  return `127.0.${Math.floor(clientCounter / 250) + 1}.${(clientCounter % 250) + 1}`;
}

/**
 * A POST from a given source address, timed from the request to the end of the answer. Node's
 * fetch cannot choose its source address, so this one request is node:http's; its answer is
 * recorded beside the AttackClient's, so this suite too fails on any 5xx.
 */
function postFrom(from: string, path: string, body: unknown): Promise<{ status: number; body: any; ms: number }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const started = performance.now();
    const req = request(
      { host: '127.0.0.1', port, path, method: 'POST', localAddress: from, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const ms = performance.now() - started;
          const status = res.statusCode ?? 0;
          answered.push({ status, what: `POST ${path}` });
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status, body: parsed, ms });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** Ten requests at once from one client; answers the median time of the burst. */
async function burst(path: string, bodies: unknown[], expected: number): Promise<number> {
  const from = nextClient();
  const replies = await Promise.all(bodies.map((body) => postFrom(from, path, body)));
  for (const r of replies) expect({ status: r.status, body: r.body }).toMatchObject({ status: expected });
  const times = replies.map((r) => r.ms).sort((a, b) => a - b);
  return (times[BURST / 2 - 1]! + times[BURST / 2]!) / 2;
}

/**
 * The band of the known-slower count. With 12 bursts of each kind there are 144 (known, unknown)
 * pairs; when the time does not depend on the address, every order of the 24 burst medians is as
 * likely as any other, and the count of pairs where the known burst was slower has the
 * Mann-Whitney U distribution (mean 72). Its exact distribution is counted here (the ways to
 * interleave 12 and 12 with a given U), and the band is the narrowest symmetric one holding all
 * but `outside` of that chance: the four endpoints together fail about once in 250 runs.
 */
function rankSumBand(m: number, n: number, outside: number): { low: number; high: number } {
  // ways[i][j][u]: orders of i known and j unknown medians in which u pairs have the known one slower.
  const ways: number[][][] = Array.from({ length: m + 1 }, () => Array.from({ length: n + 1 }, () => [] as number[]));
  for (let i = 0; i <= m; i += 1) {
    for (let j = 0; j <= n; j += 1) {
      const row = new Array<number>(i * j + 1).fill(0);
      if (i === 0 || j === 0) row[0] = 1;
      else {
        // The slowest of all is known (slower than all j unknown) or unknown (slower than no known).
        ways[i - 1]![j]!.forEach((w, u) => (row[u + j]! += w));
        ways[i]![j - 1]!.forEach((w, u) => (row[u]! += w));
      }
      ways[i]![j] = row;
    }
  }
  const dist = ways[m]![n]!;
  const total = dist.reduce((a, b) => a + b, 0);
  const max = m * n;
  // Symmetric: P(U <= k) = P(U >= max - k). Widen until both tails together are below `outside`.
  let low = 0;
  let tail = dist[0]! / total;
  while (2 * (tail + dist[low + 1]! / total) < outside) {
    low += 1;
    tail += dist[low]! / total;
  }
  // Passing means low < U < max - low, i.e. low + 1 ..= max - low - 1; failing has chance 2 * tail.
  return { low: low + 1, high: max - low - 1 };
}

const ENDPOINTS = 4;
const BAND = rankSumBand(BURSTS_EACH, BURSTS_EACH, 1 / 250 / ENDPOINTS);

beforeAll(async () => {
  inbox = await startSmtpInbox();
  dataDir = mkdtempSync(join(tmpdir(), 'shop-burst-'));
  port = await freePort();
  shop = await startEmbedded({
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: 'admin@burst.test',
    ADMIN_PASSWORD: 'Adm1n#Burst-Timing-Suite',
    SMTP_URL: inbox.url,
  });
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  await inbox?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const known = (i: number) => `burst.account.${i}@security.test`;
const password = (i: number) => `Mango#Burst-${i}x`;

/** 120 accounts, each also a confirmed newsletter subscriber: the "known" addresses of every endpoint. */
async function makeKnownAddresses(): Promise<string[]> {
  const emails = Array.from({ length: BURST * BURSTS_EACH }, (_, i) => known(i));
  for (let start = 0; start < emails.length; start += BURST) {
    const from = nextClient();
    const chunk = emails.slice(start, start + BURST);
    const replies = await Promise.all(chunk.map((email, k) => postFrom(from, '/api/v1/register', { name: 'Ravi Burst', email, phone: '9876543210', password: password(start + k) })));
    for (const r of replies) expect(r.status).toBe(201);
    const subscribed = await Promise.all(chunk.map((email) => postFrom(from, '/api/v1/newsletter', { email })));
    for (const r of subscribed) expect(r.status).toBe(200);
  }
  await Promise.all(
    emails.map(async (email) => {
      const mail = await inbox.waitFor((m) => m.to.includes(email) && mailText(m.raw).includes('/newsletter/confirm/'), 300_000);
      const token = /\/newsletter\/confirm\/([A-Za-z0-9_-]+)/.exec(mailText(mail.raw))![1]!;
      expect((await new AttackClient(shop.url).get(`/api/v1/newsletter/confirm/${token}`)).status).toBe(200);
    }),
  );
  return emails;
}

test(
  'bursts of 10 answer as fast for addresses with an account (or subscription) as without: forgot-password, OTP, newsletter and sign-up',
  async () => {
    const emails = await makeKnownAddresses();
    let unknownCounter = 0;
    /** Ten addresses nobody has used, each its own inbox. */
    const unknownBurst = (kind: string) =>
      Array.from({ length: BURST }, () => {
        unknownCounter += 1;
        return `nobody.${kind}.${unknownCounter}@security.test`;
      });
    const knownBurst = (b: number) => emails.slice(b * BURST, (b + 1) * BURST);
    const signUp = (email: string, i: number) => ({ name: 'Asha Burst', email, phone: '9876543210', password: `Guava#Burst-${i}y` });

    const endpoints: Array<{ name: string; run: (kind: 'known' | 'unknown', b: number) => Promise<number> }> = [
      { name: 'POST /api/v1/password/forgot', run: (kind, b) => burst('/api/v1/password/forgot', (kind === 'known' ? knownBurst(b) : unknownBurst('reset')).map((email) => ({ email })), 200) },
      { name: 'POST /api/v1/sendOTP', run: (kind, b) => burst('/api/v1/sendOTP', (kind === 'known' ? knownBurst(b) : unknownBurst('otp')).map((email) => ({ email })), 200) },
      { name: 'POST /api/v1/newsletter', run: (kind, b) => burst('/api/v1/newsletter', (kind === 'known' ? knownBurst(b) : unknownBurst('news')).map((email) => ({ email })), 200) },
      // Sign-up of a taken email answers 409 with the shop's message (decision 0099); of a new one 201.
      {
        name: 'POST /api/v1/register',
        run: (kind, b) => burst('/api/v1/register', (kind === 'known' ? knownBurst(b) : unknownBurst('signup')).map(signUp), kind === 'known' ? 409 : 201),
      },
    ];

    const failures: string[] = [];
    const figures: string[] = [];
    for (const { name, run } of endpoints) {
      const knownMs: number[] = [];
      const unknownMs: number[] = [];
      // Interleaved: unknown, known, unknown, ... so that a slow patch of the machine falls on both;
      // a pause of 1-3 s before each, as a patient attacker lets the queue of the last burst drain
      // so that each burst meets only its own work (at random, so no fixed beat lines up with it).
      const pause = () => new Promise((resolve) => setTimeout(resolve, 1_000 + Math.random() * 2_000));
      for (let b = 0; b < BURSTS_EACH; b += 1) {
        await pause();
        unknownMs.push(await run('unknown', b));
        await pause();
        knownMs.push(await run('known', b));
      }
      let slower = 0;
      for (const k of knownMs) for (const u of unknownMs) if (k > u) slower += 1;
      const median = (xs: number[]) => {
        const s = [...xs].sort((a, b) => a - b);
        return ((s[BURSTS_EACH / 2 - 1]! + s[BURSTS_EACH / 2]!) / 2).toFixed(1);
      };
      const line = `${name}: burst medians known ${median(knownMs)} ms, unknown ${median(unknownMs)} ms; known slower in ${slower} of ${BURSTS_EACH * BURSTS_EACH} pairs`;
      figures.push(line);
      if (slower < BAND.low || slower > BAND.high) failures.push(line);
    }
    process.stdout.write(`burst timing (band ${BAND.low}..${BAND.high} of 144):\n  ${figures.join('\n  ')}\n`);
    expect(failures).toEqual([]);
    expect(serverErrors()).toEqual([]);
  },
  900_000,
);
