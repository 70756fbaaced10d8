import { randomInt } from 'node:crypto';
import { enqueueEvent, fixedStatement, makeEvent, type FixedStatement, type Mail, type Tx } from '@shop/platform';
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

/**
 * How long after its answer a request's mail work starts, at random in this range (decision 0099):
 * never beside the answers of its own burst (10 answers at once take about 0.2 s), and spread
 * over the next few bursts, so whatever a real account costs falls on bursts of either kind.
 */
export const ACCOUNT_MAIL_SPREAD_MS = { min: 500, max: 2_500 };

const spreadDelayMs = () => randomInt(ACCOUNT_MAIL_SPREAD_MS.min, ACCOUNT_MAIL_SPREAD_MS.max + 1);

/** Waits the spread (an unreferenced timer: it never keeps a stopping process alive). */
export function afterSpread(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, spreadDelayMs()).unref());
}

/** Sends recorded mails now; a failure leaves them to the mailer's background pass. */
export function deliverSoon(deps: AuthDeps): void {
  deps.mailer.deliverPending().catch((err: unknown) => deps.logger.warn({ err: String(err) }, 'account mail delivery deferred'));
}

/** Sends recorded mails after the spread: for a mail recorded while the request is answered (sign-up's verification link). */
export function deliverAfterSpread(deps: AuthDeps): void {
  setTimeout(() => deliverSoon(deps), spreadDelayMs()).unref();
}

class Rehearsal extends Error {}

const rehearsals = new Map<string, FixedStatement>();

/**
 * The statement a recorded mail costs (its claim and its mail_log row, as `Mailer.recordOnce`
 * writes them), for a rehearsal: written once per schema and transport.
 */
function rehearsalStatement(deps: Pick<AuthDeps, 'schema' | 'mailer'>): FixedStatement {
  const text = `with claimed as (
      insert into "${deps.schema}".processed_events (consumer, event_id) values ($1::text, $2::uuid)
      on conflict do nothing returning event_id
    )
    ${deps.mailer.insertText(3)}`;
  let statement = rehearsals.get(text);
  if (!statement) rehearsals.set(text, (statement = fixedStatement(text)));
  return statement;
}

/**
 * In the transaction `tx` (which the caller then rolls back): the writes a mail to `mail.to`
 * would make, its claim and record, for an address with nothing to send.
 */
export async function rehearseMailIn(tx: Tx, deps: Pick<AuthDeps, 'schema' | 'mailer'>, claim: { consumer: string; eventId: string }, mail: Mail): Promise<void> {
  await rehearsalStatement(deps)(tx, [claim.consumer, claim.eventId, mail.to, mail.subject, mail.text]);
}

/**
 * For an address with nothing to send (no account): the same kind of work as a real mail's, rolled
 * back (decision 0099). The mail is rendered, its claim and record written, and `alike` runs the
 * statements the real one would (on rows nobody has); then everything is undone, so no mail, no
 * row and no log line is left, and the queue's work costs about the same whoever was asked for.
 */
export async function rehearseAccountMail(
  deps: AuthDeps,
  claim: { consumer: string; eventId: string },
  mail: Mail,
  alike: (tx: Tx) => Promise<unknown>,
): Promise<void> {
  await inUndoneTransaction(deps, async (tx) => {
    await rehearseMailIn(tx, deps, claim, mail);
    await alike(tx);
  });
}

/** Runs `work` in a transaction that is then rolled back: work done for its cost alone. */
export async function inUndoneTransaction(deps: Pick<AuthDeps, 'db'>, work: (tx: Tx) => Promise<unknown>): Promise<void> {
  await deps.db
    .transaction(async (tx) => {
      await work(tx);
      throw new Rehearsal();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rehearsal)) throw err;
    });
}
