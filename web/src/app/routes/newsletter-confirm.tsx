import { useParams } from 'react-router-dom';
import { NewsletterLinkView } from '../../features/newsletter/components/newsletter-link-view';

/** /newsletter/confirm/:token: the link of the confirmation mail. */
export default function NewsletterConfirmPage() {
  const { token = '' } = useParams();
  return <NewsletterLinkView key={token} kind="confirm" token={token} />;
}
