import { gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { CACHE_TAGS_HEADER } from '@shop/platform';

/**
 * The gateway's shared cache for public catalog answers (decision 0010).
 *
 * A service decides what may be cached, the way it would for a CDN: only a 200 answer whose
 * Cache-Control is `public` with `s-maxage` (or `max-age`) > 0, that sets no cookie, is stored,
 * for that many seconds. The catalog marks its public reads that way; GraphQL answers carry the
 * policy Apollo computes from the subgraphs' `@cacheControl` hints (any private or uncached field,
 * or any other subgraph, makes the whole answer uncacheable). Catalog events purge, so an order's
 * stock change or a staff edit shows at once; the lifetime only bounds staleness if an event is
 * missed. The catalog names the products an answer shows (CACHE_TAGS_HEADER): a change of stock
 * alone purges only the answers naming that product, any other change everything (decision 0031).
 */
export interface CachedAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  gzipped?: Buffer;
  expiresAt: number;
  /** The products the answer shows; undefined: unknown, purged by every product's change. */
  tags?: ReadonlySet<string>;
}

/** Where a request stood when it went upstream: what it brings back is stored only if nothing it may hold was purged since. */
export interface CacheMark {
  generation: number;
  tagPurges: number;
}

/** Purges by product remembered for answers still on their way (more than this: such an answer is not stored). */
const RECENT_TAG_PURGES = 4096;

/**
 * The headers stored with an answer. The rest belong to one delivery (length, date, request id)
 * or to one caller (CORS, rate limits), and are set afresh for every request before the cache.
 */
const STORED_HEADERS = new Set(['content-type', 'cache-control', 'etag', 'last-modified', 'content-language']);
const GZIP_MIN_BYTES = 1024;

/** Seconds a shared cache may keep an answer with this Cache-Control, or 0. */
export function sharedLifetime(cacheControl: string | undefined): number {
  if (!cacheControl) return 0;
  const directives = new Map<string, string | undefined>();
  for (const part of cacheControl.toLowerCase().split(',')) {
    const [name, value] = part.trim().split('=');
    if (name) directives.set(name, value);
  }
  if (!directives.has('public') || directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return 0;
  const seconds = Number(directives.get('s-maxage') ?? directives.get('max-age'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  /** Keys of the stored answers per product they show, and of those whose products are unknown. */
  private readonly byTag = new Map<string, Set<string>>();
  private readonly untagged = new Set<string>();
  private bytes = 0;
  /** Bumped by purge(): an answer that was on its way while a purge happened is not stored. */
  private generation = 0;
  /** How many purges by product happened, and the products of the latest ones (oldest first). */
  private tagPurges = 0;
  private readonly recentTagPurges: string[] = [];
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxBytes: number,
    readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.entries.size;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: CachedAnswer, mark: CacheMark = this.mark()) {
    if (!this.unpurgedSince(mark, entry.tags)) return;
    // The key counts too: a GraphQL key holds the whole query text, which a caller chooses.
    const size = entry.body.length + key.length;
    if (size > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, entry);
    if (entry.tags) for (const tag of entry.tags) this.byTag.get(tag)?.add(key) ?? this.byTag.set(tag, new Set([key]));
    else this.untagged.add(key);
    this.bytes += size;
    // Oldest first: entries live seconds, so insertion order is close enough to recency.
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(k, e);
    }
  }

  purge() {
    this.generation += 1;
    this.entries.clear();
    this.byTag.clear();
    this.untagged.clear();
    this.bytes = 0;
  }

  /** Removes the answers that show this product, and those whose products are unknown. */
  purgeTag(tag: string) {
    this.tagPurges += 1;
    this.recentTagPurges.push(tag);
    if (this.recentTagPurges.length > RECENT_TAG_PURGES) this.recentTagPurges.shift();
    for (const key of [...(this.byTag.get(tag) ?? []), ...this.untagged]) {
      const entry = this.entries.get(key);
      if (entry) this.remove(key, entry);
    }
  }

  /** To be taken before a request goes upstream and handed to set() with its answer. */
  mark(): CacheMark {
    return { generation: this.generation, tagPurges: this.tagPurges };
  }

  /** Whether nothing an answer with these tags may hold was purged after the mark was taken. */
  private unpurgedSince(mark: CacheMark, tags: ReadonlySet<string> | undefined): boolean {
    if (mark.generation !== this.generation) return false;
    const since = this.tagPurges - mark.tagPurges;
    if (since === 0) return true;
    if (!tags || since > this.recentTagPurges.length) return false;
    return !this.recentTagPurges.slice(-since).some((tag) => tags.has(tag));
  }

  private remove(key: string, entry: CachedAnswer) {
    this.entries.delete(key);
    if (entry.tags) {
      for (const tag of entry.tags) {
        const keys = this.byTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) this.byTag.delete(tag);
      }
    } else this.untagged.delete(key);
    this.bytes -= entry.body.length + key.length + (entry.gzipped?.length ?? 0);
  }

  /** The gzipped body, made once per entry and kept beside it. */
  gzippedBody(entry: CachedAnswer): Buffer {
    if (!entry.gzipped) {
      entry.gzipped = gzipSync(entry.body);
      this.bytes += entry.gzipped.length;
    }
    return entry.gzipped;
  }
}

/**
 * Where the API front leaves the key it looked up and found nothing under (decision 0093), so the
 * request's cache step stores the answer under it without computing it or looking again.
 */
export const MISSED_ON_FRONT = 'cacheKeyMissedOnFront';

/**
 * Serves a fresh stored answer for the request's key, or lets the request through and stores the
 * answer if its own headers allow. `keyOf` returns undefined for requests that must never be
 * answered from the cache.
 */
export function responseCacheMiddleware(cache: ResponseCache, keyOf: (req: Request) => string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    const missed = res.locals[MISSED_ON_FRONT] as string | undefined;
    const key = missed ?? keyOf(req);
    if (key === undefined) return next();
    if (missed === undefined && answerFromCache(cache, key, req, res)) return;
    cache.misses += 1;
    res.setHeader('X-Cache', 'MISS');
    const mark = cache.mark();
    capture(res, (status, body) => {
      if (status !== 200 || res.getHeader('set-cookie') !== undefined) return;
      const seconds = sharedLifetime(headerText(res.getHeader('cache-control')));
      if (seconds === 0) return;
      const headers: Array<[string, string]> = [];
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value === undefined || !STORED_HEADERS.has(name)) continue;
        headers.push([name, headerText(value)]);
      }
      cache.set(key, { status, headers, body, expiresAt: cache.now() + seconds * 1000, tags: tagsOf(res) }, mark);
    });
    next();
  };
}

/** Sends the stored answer of `key` when there is one (true), or does nothing (false). */
export function answerFromCache(cache: ResponseCache, key: string, req: IncomingMessage, res: ServerResponse): boolean {
  const hit = cache.get(key);
  if (!hit) return false;
  cache.hits += 1;
  sendStored(cache, hit, req, res);
  return true;
}

function sendStored(cache: ResponseCache, entry: CachedAnswer, req: IncomingMessage, res: ServerResponse) {
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader('X-Cache', 'HIT');
  res.setHeader('Vary', 'Accept-Encoding');
  let body = entry.body;
  if (body.length >= GZIP_MIN_BYTES && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    body = cache.gzippedBody(entry);
    // Already encoded: the compression middleware leaves it alone.
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', body.length);
  res.statusCode = entry.status;
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The products an answer shows: the REST answer's own header, or for GraphQL what the subgraph
 * answers said (collected in res.locals.cacheTags). Only answers that name the catalog count.
 */
function tagsOf(res: Response): ReadonlySet<string> | undefined {
  const header = res.getHeader(CACHE_TAGS_HEADER);
  const lists: string[] = [...((res.locals.cacheTags as string[] | undefined) ?? []), ...(header === undefined ? [] : [headerText(header)])];
  if (lists.length === 0) return undefined;
  const tags = new Set<string>();
  for (const list of lists) {
    const words = list.split(' ').filter(Boolean);
    if (words[0] !== 'catalog') return undefined;
    for (const word of words.slice(1)) tags.add(word);
  }
  return tags;
}

/** Keeps a subgraph answer's product list for the cache (the gateway's answer to the client is made from several). */
export function noteCacheTags(res: Response, header: string | null | undefined) {
  if (header == null) return;
  ((res.locals.cacheTags as string[] | undefined) ??= []).push(header);
}

function headerText(value: string | number | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : value === undefined ? '' : String(value);
}

/**
 * Collects what is written to `res` (before any compression, which wraps write/end earlier in the
 * chain) and hands it over once the answer is complete.
 */
function capture(res: Response, done: (status: number, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    try {
      done(res.statusCode, Buffer.concat(chunks));
    } catch {
      // Caching is best effort; the answer itself goes out regardless.
    }
    return end(chunk, ...rest);
  }) as Response['end'];
}

/**
 * Purges the cache once a write that passed through this gateway has succeeded, before the caller
 * can ask again: the caller reads their own write at once (other gateways hear the catalog event).
 */
export function purgeAfterWrite(cache: ResponseCache, res: Response) {
  res.once('finish', () => {
    if (res.statusCode < 400) cache.purge();
  });
}
