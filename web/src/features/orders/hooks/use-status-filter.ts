import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseStatusFilter, type StatusFilter } from '../api/order-status';

const STATUS_KEY = 'status';

/**
 * The chosen My Orders chip lives in the address (`?status=shipped`), so it survives a reload
 * and Back returns to the previous chip. A chip change keeps the scroll position.
 */
export function useStatusFilter(): [StatusFilter, (next: StatusFilter) => void] {
  const [search, setSearch] = useSearchParams();
  const fromUrl = parseStatusFilter(search.get(STATUS_KEY));
  // The router commits the new address in a transition, a moment after the click; until then
  // the chips show what was chosen.
  const [pending, setPending] = useState<{ from: StatusFilter; to: StatusFilter } | null>(null);
  if (pending && pending.from !== fromUrl) setPending(null);
  const filter = pending ? pending.to : fromUrl;

  const choose = useCallback(
    (next: StatusFilter) => {
      if (next === filter) return;
      const query = new URLSearchParams(search);
      if (next === 'all') query.delete(STATUS_KEY);
      else query.set(STATUS_KEY, next);
      setPending({ from: fromUrl, to: next });
      setSearch(query, { preventScrollReset: true, state: { keepScroll: true } });
    },
    [filter, fromUrl, search, setSearch],
  );

  return [filter, choose];
}
