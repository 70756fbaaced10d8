import { TestHttpClient, type TestReply } from '@shop/platform/src/testing';

/** Every status the shop answered the suite with, so the suite can fail on any 5xx. */
export const answered: Array<{ status: number; what: string }> = [];

/** An attacker's (or a victim's) HTTP client: keeps cookies like a browser and records every answer. */
export class AttackClient extends TestHttpClient {
  constructor(base: string) {
    super(base, { keepCookies: true });
  }

  override async call<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>, redirect?: 'follow' | 'manual'): Promise<TestReply<T>> {
    const reply = await super.call<T>(method, path, body, headers, redirect);
    answered.push({ status: reply.status, what: `${method} ${path.slice(0, 120)}` });
    return reply;
  }
}

/** A raw request (headers a client library would not send), recorded like the others. */
export async function rawFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, init);
  answered.push({ status: res.status, what: `${init.method ?? 'GET'} ${url.slice(0, 120)}` });
  return res;
}

/** The answers that were server errors. */
export const serverErrors = () => answered.filter((a) => a.status >= 500);
