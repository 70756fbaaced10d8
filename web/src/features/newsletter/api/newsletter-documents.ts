import { graphqlDocument } from '../../../lib/graphql-document';
import type { NewsletterStatus } from '../../../graphql/operations.generated';

export type { NewsletterStatus };
/** The newsletter's GraphQL (auth subgraph): the footer's sign-up, the mail links' pages, the staff list. */

export const CONFIRM_NEWSLETTER = graphqlDocument('ConfirmNewsletter', `mutation ConfirmNewsletter($token: String!) { confirmNewsletter(token: $token) { success message } }`);
export const UNSUBSCRIBE_NEWSLETTER = graphqlDocument('UnsubscribeNewsletter', `mutation UnsubscribeNewsletter($token: String!) { unsubscribeNewsletter(token: $token) { success message } }`);

export const NEWSLETTER_SUBSCRIBERS = graphqlDocument('NewsletterSubscribers', `query NewsletterSubscribers($status: NewsletterStatus, $page: Int) {
  newsletterSubscribers(status: $status, page: $page) {
    subscribers { email status subscribedAt confirmedAt unsubscribedAt }
    total totalPages currentPage
  }
}`);

/** The staff CSV download (REST: a file the browser saves with the session cookie). */
export const exportHref = (status: NewsletterStatus | '') =>
  `/api/v1/admin/newsletter/export${status ? `?status=${status}` : ''}`;
