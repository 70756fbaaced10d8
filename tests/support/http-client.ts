/**
 * A tiny cookie-keeping client for tests that act as one browser or partner: it sends the cookies
 * the shop set and records the last response.
 */
export class ShopClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (this.cookies.size) (init.headers as Record<string, string>).cookie = this.cookieHeader();
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const res = await fetch(this.base + path, init);
    this.remember(res);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body?: unknown) {
    return this.request('POST', path, body ?? {});
  }
  put(path: string, body?: unknown) {
    return this.request('PUT', path, body ?? {});
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }

  /** A GraphQL operation through the gateway; returns `{ data, errors }`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async graphql(query: string, variables?: Record<string, unknown>): Promise<{ data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> }> {
    const res = await this.request('POST', '/graphql', { query, variables });
    return res.body;
  }
}
