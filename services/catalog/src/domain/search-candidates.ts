import type { SearchFacets } from '@shop/proto-contracts';
import type { Db } from '@shop/platform';

/**
 * The ranked candidates of broad searches (decision 0058): a search that finds more than
 * SEARCH_COUNT_CAP products offers at most the cap, so its whole answer is a bounded list of ids in
 * ranking order. Once a page past the first has ranked them, the list is kept for a short while,
 * and the search's other pages (the last one included) are slices of it: a deep page then costs the
 * read of its own rows, not a walk of thousands of products.
 *
 * Kept per catalog process and database, at most MAX_SEARCHES searches (least recently used
 * dropped first), each for CANDIDATES_TTL_MS. A staff change of a product in this process (create,
 * update, delete) drops them all; popularity and stock moved by orders and reviews show within the
 * TTL. The rows of a page are always read afresh and checked against the filters again, so a kept
 * list never shows a deleted product or one that no longer passes a filter.
 */
export interface SearchCandidates {
  /** Ids in ranking order, from the first: the first `ranked.length` places of the search. */
  ranked: string[];
  /** The (capped) total and whether it is a lower bound, as the search counted them. */
  count: number;
  capped: boolean;
  /** The search's corrected words, if any ("Showing results for …"). */
  didYouMean: string | null;
  /** The search's facets, when they were asked for (decision 0059). */
  facets?: SearchFacets;
}

export const CANDIDATES_TTL_MS = 60_000;
const MAX_SEARCHES = 200;

interface Entry extends SearchCandidates {
  at: number;
}

const kept = new WeakMap<Db, Map<string, Entry>>();

function storeOf(db: Db): Map<string, Entry> {
  let store = kept.get(db);
  if (!store) {
    store = new Map();
    kept.set(db, store);
  }
  return store;
}

/** The kept candidates of a search (by its key), if they reach at least `end` places, or are the whole answer. */
export function keptCandidates(db: Db, key: string, end: number, now = Date.now()): SearchCandidates | undefined {
  const store = storeOf(db);
  const entry = store.get(key);
  if (!entry) return undefined;
  if (now - entry.at > CANDIDATES_TTL_MS) {
    store.delete(key);
    return undefined;
  }
  if (entry.ranked.length < Math.min(end, entry.count)) return undefined;
  // Most recently used last (Map keeps insertion order).
  store.delete(key);
  store.set(key, entry);
  return entry;
}

/** Keeps a search's ranked candidates (replacing a shorter list of the same search). */
export function keepCandidates(db: Db, key: string, candidates: SearchCandidates, now = Date.now()): void {
  const store = storeOf(db);
  store.delete(key);
  store.set(key, { ...candidates, at: now });
  while (store.size > MAX_SEARCHES) store.delete(store.keys().next().value!);
}

/** Forgets every kept search of this database (a product was created, changed or deleted). */
export function forgetSearchCandidates(db: Db): void {
  kept.get(db)?.clear();
}
