/**
 * Who reads an account's email (and the rest of its record: phones, addresses, role) — decision
 * 0043: its owner and admins. An emp dispatches orders and handles returns from what the order
 * itself carries (the buyer's name, shipping address and phone), never the buyer's email. Every
 * view that could show a buyer's email (returns, order search and export, GraphQL's User) asks this
 * one rule.
 */
export function mayReadAccountEmail(viewer: { userId: string; role: string } | undefined, accountId?: string): boolean {
  if (!viewer) return false;
  return viewer.role === 'admin' || (accountId !== undefined && viewer.userId === accountId);
}
