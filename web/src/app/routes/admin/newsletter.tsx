import { AdminShell } from '../../../features/admin/components/admin-shell';
import { NewsletterSubscribers } from '../../../features/newsletter/components/newsletter-subscribers';

/** /admin/newsletter (staff): the newsletter's subscribers and their CSV export. Inside the staff shell, so its sidebar leads everywhere. */
export default function AdminNewsletterPage() {
  return (
    <AdminShell open={{ page: '/admin/newsletter' }} title="Newsletter subscribers">
      <NewsletterSubscribers />
    </AdminShell>
  );
}
