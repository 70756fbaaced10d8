import { authMessages, inboxKeyOf } from '@shop/proto-contracts';
import type { AuthDeps } from './auth-deps';

/**
 * Counts one mail of a kind (`name`) against its target address, as written and as the inbox it
 * lands in (`inboxKeyOf`: case, `+tag`, and the dots gmail.com ignores; decision 0099), each
 * `limit` per `windowMs`; 429 with `message` past either. So `victim+1@…`, `Victim+2@…` and
 * `victim@…` share one inbox's limit. Only the keys change: the mail goes to the address as given.
 */
export async function limitMailToAddress(deps: Pick<AuthDeps, 'rateLimiter'>, name: string, email: string, limit: { limit: number; windowMs: number }, message?: string): Promise<void> {
  await deps.rateLimiter.consume(`${name}:email:${email.toLowerCase()}`, limit.limit, limit.windowMs, message);
  await deps.rateLimiter.consume(`${name}:inbox:${inboxKeyOf(email)}`, limit.limit, limit.windowMs, message);
}

/**
 * Mails a signed-in caller can make the shop send to an address it has not proven (an email
 * change's confirmation, a verification link): at most this many per target address (and its
 * inbox) and per account in an hour, whichever way (REST, GraphQL, aliases) they are asked for.
 */
export const UNPROVEN_MAIL_LIMITS = { perAddress: 3, perAccount: 5, windowMs: 60 * 60_000 };

/**
 * Looks at the same counters as limitMailToUnprovenAddress without counting (amount 0): the cost of
 * that check for a mail that will not be sent (a sign-up with a taken email, decision 0099).
 */
export async function lookAtUnprovenMailLimits(deps: AuthDeps, target: string, accountId: string): Promise<void> {
  const { perAddress, perAccount, windowMs } = UNPROVEN_MAIL_LIMITS;
  await deps.rateLimiter.check(`unproven-mail:email:${target.toLowerCase()}`, perAddress, windowMs, 0);
  await deps.rateLimiter.check(`unproven-mail:inbox:${inboxKeyOf(target)}`, perAddress, windowMs, 0);
  await deps.rateLimiter.check(`unproven-mail:account:${accountId}`, perAccount, windowMs, 0);
}

/** Counts one such mail against its target address, its inbox and the account that asks; 429 past any limit. */
export async function limitMailToUnprovenAddress(deps: AuthDeps, target: string, accountId: string): Promise<void> {
  const { perAddress, perAccount, windowMs } = UNPROVEN_MAIL_LIMITS;
  await limitMailToAddress(deps, 'unproven-mail', target, { limit: perAddress, windowMs }, authMessages.mailLimitReached);
  await deps.rateLimiter.consume(`unproven-mail:account:${accountId}`, perAccount, windowMs, authMessages.mailLimitReached);
}
