/**
 * Asks `probe` every 100 ms until it answers something other than undefined (events across
 * processes arrive when they arrive), and returns that; fails after `timeoutMs`.
 */
export async function pollUntil<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
