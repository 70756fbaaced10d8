import { NewsletterSubscribers } from '../../../features/newsletter/components/newsletter-subscribers';

/** /admin/newsletter (staff): the newsletter's subscribers and their CSV export. */
export default function AdminNewsletterPage() {
  return <NewsletterSubscribers />;
}
