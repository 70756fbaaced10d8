import type { IncomingHttpHeaders } from 'node:http';
import { keptAliveAgents, requestText } from '@shop/platform';

/** The headers of a subgraph's answer, as the GraphQL gateway reads them (fetch's Headers, the part it uses). */
class AnswerHeaders {
  constructor(private readonly headers: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const value = this.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }
  has(name: string): boolean {
    return this.headers[name.toLowerCase()] !== undefined;
  }
  getSetCookie(): string[] {
    return this.headers['set-cookie'] ?? [];
  }
  *[Symbol.iterator](): IterableIterator<[string, string]> {
    for (const name of Object.keys(this.headers)) yield [name, this.get(name)!];
  }
}

/** A subgraph's complete answer, shaped as the fetch Response the GraphQL gateway expects. */
class SubgraphAnswer {
  readonly ok: boolean;
  readonly headers: AnswerHeaders;
  constructor(
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    headers: IncomingHttpHeaders,
    private readonly body: string,
  ) {
    this.ok = status >= 200 && status < 300;
    this.headers = new AnswerHeaders(headers);
  }
  async text(): Promise<string> {
    return this.body;
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.body);
  }
}

interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * The GraphQL gateway's calls to subgraphs: one node:http request over reused connections
 * (platform's requestText), the answer read whole (subgraph answers are small JSON documents). A
 * fetch implementation builds streams, a Request and Headers per call, which cost the gateway more
 * than the call itself (decision 0035). Failures read as fetch's do ("request to … failed, reason:
 * …", "network timeout at: …"), which is what the gateway's error formatting recognises.
 */
export function subgraphFetcher(timeoutMs: number): { fetch: (url: string, init: FetchInit) => Promise<SubgraphAnswer>; close(): void } {
  const agents = keptAliveAgents();
  const targets = new Map<string, URL>();
  const fetch = async (url: string, init: FetchInit) => {
    let target = targets.get(url);
    if (!target) targets.set(url, (target = new URL(url)));
    try {
      const answer = await requestText(target, { method: init.method ?? 'POST', headers: init.headers ?? {}, body: init.body ?? '', timeoutMs, agents });
      return new SubgraphAnswer(url, answer.status || 502, answer.statusMessage, answer.headers, answer.text);
    } catch (err) {
      throw new Error((err as NodeJS.ErrnoException).code === 'ETIMEDOUT' ? `network timeout at: ${url}` : `request to ${url} failed, reason: ${(err as Error).message}`);
    }
  };
  return {
    fetch,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
