import { enqueueEvent, makeEvent } from '@shop/platform';
import type { EventPayload } from '@shop/proto-contracts';
import type { AuthDeps } from './auth-deps';

/**
 * Asks for a mail about an address the caller has not proven, to be looked up and sent after the
 * answer (decision 0044): the request's own work is one outbox row, the same whether or not the
 * address has an account, so neither the answer nor its timing tells.
 */
export async function requestAccountMail(deps: AuthDeps, kind: EventPayload<'AccountMailRequested'>['kind'], email: string): Promise<void> {
  await enqueueEvent(deps.db, deps.schema, makeEvent('auth', 'AccountMailRequested', { kind, email }));
  deps.publishEvents();
}

/** Sends recorded mails now; a failure leaves them to the mailer's background pass. */
export function deliverSoon(deps: AuthDeps): void {
  deps.mailer.deliverPending().catch((err: unknown) => deps.logger.warn({ err: String(err) }, 'account mail delivery deferred'));
}
