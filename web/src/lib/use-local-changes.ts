import { useCallback, useState } from 'react';

/**
 * A query's answer with the changes the page made since (e.g. an order the shopper cancelled,
 * from the cancel answer), until the query answers again: the server's next answer wins.
 */
export function useLocalChanges<T>(answer: T | undefined): [T | undefined, (change: (current: T) => T) => void] {
  const [changed, setChanged] = useState<{ base: T; value: T } | null>(null);
  const value = changed && changed.base === answer ? changed.value : answer;
  const change = useCallback(
    (apply: (current: T) => T) =>
      setChanged((current) => {
        if (answer === undefined) return current;
        const from = current && current.base === answer ? current.value : answer;
        return { base: answer, value: apply(from) };
      }),
    [answer],
  );
  return [value, change];
}
