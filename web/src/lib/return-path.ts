/**
 * Where to go after login: the in-app path a guard remembered in the location state, else /.
 * Only same-site paths are followed.
 */
export function returnPathFrom(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login')) {
    return from;
  }
  return '/';
}
