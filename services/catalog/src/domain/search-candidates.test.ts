import type { Db } from '@shop/platform';
import { CANDIDATES_TTL_MS, forgetSearchCandidates, keepCandidates, keptCandidates } from './search-candidates';

/** The kept ranked candidates of broad searches (decision 0058): what a later page may take from them. */
const db = {} as Db;
const other = {} as Db;
const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);

describe('kept search candidates', () => {
  it('serve a page within what was ranked, for this database only, until the time is up', () => {
    keepCandidates(db, 'men', { ranked: ids(60), count: 1000, capped: true, didYouMean: null }, 0);
    expect(keptCandidates(db, 'men', 60, 1)?.ranked).toHaveLength(60);
    expect(keptCandidates(db, 'men', 61, 1)).toBeUndefined();
    expect(keptCandidates(other, 'men', 12, 1)).toBeUndefined();
    expect(keptCandidates(db, 'women', 12, 1)).toBeUndefined();
    expect(keptCandidates(db, 'men', 12, CANDIDATES_TTL_MS + 1)).toBeUndefined();
  });

  it('serve any page of a search whose whole answer was ranked', () => {
    keepCandidates(db, 'small', { ranked: ids(30), count: 30, capped: false, didYouMean: null }, 0);
    expect(keptCandidates(db, 'small', 1000, 1)?.count).toBe(30);
  });

  it('keep at most 200 searches, the least recently used dropped first, and are forgotten on a product change', () => {
    for (let i = 0; i < 200; i++) keepCandidates(db, `q${i}`, { ranked: ids(12), count: 1000, capped: true, didYouMean: null }, 0);
    expect(keptCandidates(db, 'q0', 12, 1)).toBeDefined(); // q0 used again: q1 is now the oldest
    keepCandidates(db, 'q200', { ranked: ids(12), count: 1000, capped: true, didYouMean: null }, 1);
    expect(keptCandidates(db, 'q1', 12, 2)).toBeUndefined();
    expect(keptCandidates(db, 'q0', 12, 2)).toBeDefined();
    forgetSearchCandidates(db);
    expect(keptCandidates(db, 'q0', 12, 2)).toBeUndefined();
  });
});
