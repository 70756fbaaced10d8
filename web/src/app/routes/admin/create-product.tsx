import { AdminShell } from '../../../features/admin/components/admin-shell';
import { CreateProductEditor } from '../../../features/admin/components/product-editor-create';

export default function CreateProductPage() {
  return (
    <AdminShell open={{ page: '/admin/product/create' }}>
      <CreateProductEditor />
    </AdminShell>
  );
}
