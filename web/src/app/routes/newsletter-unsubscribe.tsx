import { useParams } from 'react-router-dom';
import { NewsletterLinkView } from '../../features/newsletter/components/newsletter-link-view';

/** /newsletter/unsubscribe/:token: the link of every newsletter mail. */
export default function NewsletterUnsubscribePage() {
  const { token = '' } = useParams();
  return <NewsletterLinkView key={token} kind="unsubscribe" token={token} />;
}
