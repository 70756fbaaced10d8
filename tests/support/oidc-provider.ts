import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { freePort } from './processes';

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The shop's settings for this provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts the OpenID Connect provider of tests/support/oidc-provider-server.mjs on a loopback port (free
 * unless given), with one client (its id and secret random unless given) allowed to come back to
 * `redirectUris`.
 */
export async function startOidcProvider(
  redirectUris: string[],
  options: { port?: number; clientId?: string; clientSecret?: string } = {},
): Promise<TestOidcProvider> {
  const port = options.port ?? (await freePort());
  const clientId = options.clientId ?? `shop-test-${randomBytes(4).toString('hex')}`;
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const child = spawn(process.execPath, [join(__dirname, 'oidc-provider-server.mjs')], {
    env: {
      PATH: process.env.PATH ?? '',
      OIDC_TEST_PORT: String(port),
      OIDC_TEST_CLIENT_ID: clientId,
      OIDC_TEST_CLIENT_SECRET: clientSecret,
      OIDC_TEST_REDIRECT_URIS: redirectUris.join(' '),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`OIDC test provider did not start:\n${output}`)), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready (\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`OIDC test provider exited (${code}):\n${output}`));
    });
  });
  return {
    issuer,
    clientId,
    clientSecret,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * What a shopper does at the provider, over plain HTTP with the provider's own cookies: opens the
 * authorization URL, types `login` into the development login form (or cancels), and is sent back.
 * Answers the URL the provider sends the browser back to (the shop's callback with code and state).
 */
export async function signInAtProvider(authorizationUrl: string, login: string, options: { cancel?: boolean } = {}): Promise<string> {
  const origin = new URL(authorizationUrl).origin;
  const jar = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const value = pair!.slice(eq + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(pair!.slice(0, eq));
      else jar.set(pair!.slice(0, eq), value);
    }
    return res;
  };
  let url = authorizationUrl;
  for (let step = 0; step < 10; step += 1) {
    const res = await request(url);
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status} at ${url}: ${await res.text()}`);
    const next = new URL(location, url);
    if (next.origin !== origin) return next.href;
    const interaction = /^\/interaction\/([^/]+)$/.exec(next.pathname);
    if (!interaction) {
      url = next.href;
      continue;
    }
    const page = await (await request(next.href)).text();
    if (options.cancel) {
      url = `${origin}/interaction/${interaction[1]}/abort`;
      continue;
    }
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? 'login';
    const submitted = await request(next.href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt }).toString(),
    });
    const resume = submitted.headers.get('location');
    if (!resume) throw new Error(`provider refused the ${prompt} form (${submitted.status}): ${await submitted.text()}`);
    url = new URL(resume, next).href;
  }
  throw new Error('provider did not send the browser back');
}
