import { authMessages } from '@shop/proto-contracts';
import type { AuthDeps } from './auth-deps';

/**
 * Mails a signed-in caller can make the shop send to an address it has not proven (an email
 * change's confirmation, a verification link): at most this many per target address and per
 * account in an hour, whichever way (REST, GraphQL, aliases) they are asked for.
 */
export const UNPROVEN_MAIL_LIMITS = { perAddress: 3, perAccount: 5, windowMs: 60 * 60_000 };

/** Counts one such mail against its target address and the account that asks; 429 past either limit. */
export async function limitMailToUnprovenAddress(deps: AuthDeps, target: string, accountId: string): Promise<void> {
  const { perAddress, perAccount, windowMs } = UNPROVEN_MAIL_LIMITS;
  await deps.rateLimiter.consume(`unproven-mail:address:${target.toLowerCase()}`, perAddress, windowMs, authMessages.mailLimitReached);
  await deps.rateLimiter.consume(`unproven-mail:account:${accountId}`, perAccount, windowMs, authMessages.mailLimitReached);
}
