import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { useDialogs } from '../../../components/confirm-dialog';
import { payloadMessage } from '../../../lib/api-errors';
import { invalidateQueries } from '../../../lib/query-cache';
import { toastFailure } from '../../../lib/toast-failure';
import { ADMIN_CATEGORY_LIST, CREATE_CATEGORY, DELETE_CATEGORY, UPDATE_CATEGORY, type CategoryInput } from '../api/admin-categories-documents';

/**
 * The staff list of categories and (admin) the changes to it, each told in a toast. After a
 * change the list is read again, and the shopper pages' cached answers are dropped.
 */
export function useAdminCategories() {
  const client = useApolloClient();
  const list = useQuery(ADMIN_CATEGORY_LIST, { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' });
  const [create] = useMutation(CREATE_CATEGORY);
  const [update] = useMutation(UPDATE_CATEGORY);
  const [remove] = useMutation(DELETE_CATEGORY);
  const [busy, setBusy] = useState(false);
  const dialogs = useDialogs();

  const run = useCallback(
    async (work: () => Promise<{ success: boolean; message: string | null } | undefined>, fallback: string): Promise<boolean> => {
      setBusy(true);
      try {
        const answer = await work();
        if (!answer?.success) {
          toast.error(payloadMessage(answer, fallback));
          return false;
        }
        toast.success(answer.message ?? 'Saved');
        invalidateQueries();
        // Other staff lists (product form, dashboard) ask again too.
        await client.refetchQueries({ include: 'active' });
        return true;
      } catch (error) {
        toastFailure(error, fallback);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [client],
  );

  return {
    categories: list.data?.adminCategories,
    error: list.error,
    loading: list.loading,
    reload: () => void list.refetch().catch(() => undefined),
    busy,
    create: (input: CategoryInput & { name: string }) => run(async () => (await create({ variables: { input } })).data?.createCategory, 'Failed to create the category'),
    update: (id: string, input: Omit<CategoryInput, 'parentId'>) => run(async () => (await update({ variables: { id, input } })).data?.updateCategory, 'Failed to update the category'),
    remove: async (id: string, name: string) =>
      (await dialogs.confirm(`Delete ${name}? This cannot be undone.`, { confirmLabel: 'Delete', danger: true })) &&
      run(async () => (await remove({ variables: { id } })).data?.deleteCategory, 'Failed to delete the category'),
  };
}
