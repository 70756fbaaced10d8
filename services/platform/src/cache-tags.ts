import type { ApolloServerPlugin } from '@apollo/server';

/**
 * Which products a public answer shows, for the gateway's response cache (decision 0031): the
 * owning service lists them in this header, space-separated after the word `catalog`, and a
 * ProductChanged that only moved stock purges just the answers that list its product. An answer
 * without the header is purged by every catalog event.
 */
export const CACHE_TAGS_HEADER = 'x-shop-cache-tags';

/** The header value for a REST answer: every `_id` in it (products, their related products). */
export function cacheTagsOf(body: unknown): string {
  const ids = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === '_id' && typeof v === 'string') ids.add(v);
        else if (v && typeof v === 'object') walk(v);
      }
    }
  };
  walk(body);
  return ['catalog', ...ids].join(' ');
}

/**
 * A subgraph plugin that lists in CACHE_TAGS_HEADER the id of every object of `typeName` a query
 * resolved any field of (whatever fields it asked for, so answers without ids are tagged too).
 */
export function cacheTagsPlugin<C extends object>(typeName: string): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      const ids = new Set<string>();
      return {
        async executionDidStart() {
          return {
            willResolveField({ source, info }) {
              if (info.parentType.name !== typeName) return;
              const id = (source as { id?: unknown } | undefined)?.id;
              if (typeof id === 'string') ids.add(id);
            },
          };
        },
        async willSendResponse({ response }) {
          response.http.headers.set(CACHE_TAGS_HEADER, ['catalog', ...ids].join(' '));
        },
      };
    },
  };
}
