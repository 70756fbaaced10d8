import { AdminShell } from '../../../features/admin/components/admin-shell';
import { GstPage } from '../../../features/gst-admin/components/gst-page';

/** /admin/gst (staff): GST rates by HSN and, for admin, the monthly GST summary. Inside the staff shell. */
export default function AdminGstPage() {
  return (
    <AdminShell open={{ page: '/admin/gst' }} title="GST">
      <GstPage />
    </AdminShell>
  );
}
