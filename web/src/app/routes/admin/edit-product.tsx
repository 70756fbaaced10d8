import { useParams } from 'react-router-dom';
import { AdminShell } from '../../../features/admin/components/admin-shell';
import { EditProductEditor } from '../../../features/admin/components/product-editor-edit';

export default function EditProductPage() {
  const { id = '' } = useParams();
  // A new id is a new form: nothing typed for one product carries over to another.
  return (
    <AdminShell open={{ within: 'products' }}>
      <EditProductEditor key={id} productId={id} />
    </AdminShell>
  );
}
