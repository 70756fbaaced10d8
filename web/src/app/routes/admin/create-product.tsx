import { CreateProductEditor } from '../../../features/admin/components/product-editor-create';

export default function CreateProductPage() {
  return <CreateProductEditor />;
}
