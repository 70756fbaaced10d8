import { count } from 'drizzle-orm';
import { users } from '../db/schema';
import type { AuthDeps } from './auth-deps';

export interface UserStats {
  /** Every account, whatever its role. */
  totalUsers: number;
}

/** Account figures for the staff dashboard: one count, no rows read. */
export async function userStats(deps: AuthDeps): Promise<UserStats> {
  const [{ n }] = await deps.db.select({ n: count() }).from(users);
  return { totalUsers: n };
}
