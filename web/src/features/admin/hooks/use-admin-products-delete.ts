import { useSessionMutation } from '../../../lib/use-session-graphql';
import { useCallback, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { useDialogs } from '../../../components/confirm-dialog';
import { getErrorCode, payloadMessage } from '../../../lib/api-errors';
import { toastFailure } from '../../../lib/toast-failure';
import { DELETE_PRODUCT, type AdminProduct } from '../api/admin-products-documents';

const DELETED = 'Product deleted';
const DELETE_FAILED = 'Product Deletion Failed';

export interface ProductDeletion {
  /** Asks first; true when the product was deleted. */
  deleteProduct(product: Pick<AdminProduct, 'id' | 'name'>): Promise<boolean>;
  /** The product being deleted right now, if any. */
  deletingId: string | null;
}

/**
 * Staff delete a product after confirming; the outcome is told in a toast. A deleted product
 * is followed by `onDeleted`, which re-reads the page (the next product moves up).
 */
export function useAdminProductsDelete(onDeleted: () => void): ProductDeletion {
  const { mutate: remove } = useSessionMutation(DELETE_PRODUCT);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const busy = useRef(false);
  const dialogs = useDialogs();

  const deleteProduct = useCallback(
    async ({ id, name }: Pick<AdminProduct, 'id' | 'name'>) => {
      if (busy.current) return false;
      if (!(await dialogs.confirm(`Delete ${name}? This cannot be undone.`, { confirmLabel: 'Delete', danger: true })) || busy.current) return false;
      busy.current = true;
      setDeletingId(id);
      try {
        const data = await remove({ id });
        if (!data?.deleteProduct.success) {
          toast.error(payloadMessage(data?.deleteProduct, DELETE_FAILED));
          return false;
        }
        toast.success(DELETED);
        onDeleted();
        return true;
      } catch (error) {
        toastFailure(error, DELETE_FAILED);
        // Already gone (another member of staff deleted it): show the list as it is now.
        if (getErrorCode(error) === 'NOT_FOUND') onDeleted();
        return false;
      } finally {
        busy.current = false;
        setDeletingId(null);
      }
    },
    [remove, onDeleted, dialogs],
  );

  return { deleteProduct, deletingId };
}
