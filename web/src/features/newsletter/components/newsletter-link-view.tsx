import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../../components/page-title';
import { Spinner } from '../../../components/spinner';
import { getErrorMessage } from '../../../lib/api-errors';
import { graphqlRequest } from '../../../lib/graphql-request';
import { CONFIRM_NEWSLETTER, UNSUBSCRIBE_NEWSLETTER } from '../api/newsletter-documents';

const KINDS = {
  confirm: {
    send: (token: string) => graphqlRequest(CONFIRM_NEWSLETTER, { token }).then((data) => data.confirmNewsletter),
    working: 'Confirming your subscription…',
    done: 'Subscription confirmed',
    failed: 'We could not confirm your subscription',
  },
  unsubscribe: {
    send: (token: string) => graphqlRequest(UNSUBSCRIBE_NEWSLETTER, { token }).then((data) => data.unsubscribeNewsletter),
    working: 'Unsubscribing…',
    done: 'You are unsubscribed',
    failed: 'We could not unsubscribe you',
  },
} as const;

type Outcome = { state: 'working' } | { state: 'done' | 'failed'; message: string };

/**
 * The page a newsletter mail's link opens (no login needed): it sends the link's token once and
 * says what happened, in the server's words.
 */
export function NewsletterLinkView({ kind, token }: { kind: keyof typeof KINDS; token: string }) {
  const texts = KINDS[kind];
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const sent = useRef(false);

  useEffect(() => {
    // Once per page, also under StrictMode's second effect run.
    if (sent.current) return;
    sent.current = true;
    texts
      .send(token)
      .then((result) => setOutcome({ state: 'done', message: result.message ?? '' }))
      .catch((error: unknown) => setOutcome({ state: 'failed', message: getErrorMessage(error, 'Something went wrong. Please try again later.') }));
  }, [texts, token]);

  const title = outcome.state === 'working' ? texts.working : outcome.state === 'done' ? texts.done : texts.failed;
  return (
    <section className="not-found newsletter-result" aria-labelledby="newsletter-result-title" aria-busy={outcome.state === 'working'}>
      <PageTitle title={title} />
      <h1 id="newsletter-result-title">{title}</h1>
      {outcome.state === 'working' ? <Spinner label={texts.working} /> : <p role="status">{outcome.message}</p>}
      <div className="not-found__actions">
        <Link to="/" className="btn btn--primary">
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}
