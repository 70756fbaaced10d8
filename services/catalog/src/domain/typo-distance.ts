/**
 * How many typing slips a search word may hold and still be corrected to a catalog word, by its
 * length (as search engines commonly allow): none for 1–2 letters, one for 3–5, two from 6 on.
 */
export function slipsAllowed(word: string): number {
  const letters = [...word].length;
  return letters <= 2 ? 0 : letters <= 5 ? 1 : 2;
}

/**
 * The typing slips between two words: letters left out, added, changed, or two side by side
 * swapped (optimal string alignment distance), or `max + 1` once it is known to be more than max.
 */
export function typoDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  // Three rows of the distance table: two back (for swaps), the previous, the current.
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  let current = new Array<number>(t.length + 1).fill(0);
  for (let i = 1; i <= s.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[t.length]!, max + 1);
}
