import { fixedStatement, runWithContext, type EventBus } from '@shop/platform';
import { eventSchemas, type EventPayload } from '@shop/proto-contracts';
import { afterSpread } from '../domain/account-mail-request';
import type { AuthDeps } from '../domain/auth-deps';
import { mailNewsletterConfirmation } from '../domain/newsletter.service';
import { mailPasswordResetCode } from '../domain/otp.service';
import { mailPasswordResetLink } from '../domain/password-reset.service';

export const AUTH_QUEUES = { accountMail: 'auth.account-mail' } as const;

type Kind = EventPayload<'AccountMailRequested'>['kind'];

/**
 * The auth service's own queue for mails asked for about unproven addresses (decision 0044): the
 * request answered at once; here the address is looked up and, when there is something to send,
 * the mail is recorded with the event's claim (at most once per request, however often it arrives).
 * Each request waits a random spread first, and an address with nothing to send costs the same
 * work, undone (decision 0099): the answers of a burst cannot tell which addresses have accounts.
 */
export async function followAccountMailRequests(deps: AuthDeps, bus: EventBus): Promise<void> {
  const markHandled = fixedStatement(`insert into "${deps.schema}".processed_events (consumer, event_id)
    values ($1::text, $2::uuid) on conflict do nothing`);
  const send: Record<Kind, (email: string, claim: { consumer: string; eventId: string }) => Promise<void>> = {
    'reset-link': (email, claim) => mailPasswordResetLink(deps, email, claim),
    'reset-code': (email, claim) => mailPasswordResetCode(deps, email, claim),
    'newsletter-confirmation': (email, claim) => mailNewsletterConfirmation(deps, email, claim),
  };
  await bus.subscribe({
    queue: AUTH_QUEUES.accountMail,
    types: ['AccountMailRequested'],
    handler: async (event) => {
      if (event.type !== 'AccountMailRequested') return;
      const payload = eventSchemas.AccountMailRequested.payload.parse(event.payload);
      const claim = { consumer: AUTH_QUEUES.accountMail, eventId: event.id };
      // Not beside the answers of the request's own burst, and at a random later moment (decision 0099).
      await afterSpread();
      await runWithContext({ requestId: event.correlationId ?? event.id }, () => send[payload.kind](payload.email, claim));
      // Handled even when there was nothing to send (no such account): a redelivery does nothing.
      await markHandled(deps.db, [claim.consumer, claim.eventId]);
    },
  });
}
