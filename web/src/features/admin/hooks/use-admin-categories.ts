import { useSessionMutation } from '../../../lib/use-session-graphql';
import { useCallback, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { useDialogs } from '../../../components/confirm-dialog';
import { payloadMessage } from '../../../lib/api-errors';
import { invalidateQueries } from '../../../lib/query-cache';
import { useSessionQuery } from '../../../lib/use-session-graphql';
import { toastFailure } from '../../../lib/toast-failure';
import { ADMIN_CATEGORY_LIST, CREATE_CATEGORY, DELETE_CATEGORY, UPDATE_CATEGORY, type CategoryChange, type CategoryInput } from '../api/admin-categories-documents';

/**
 * The staff list of categories and (admin) the changes to it, each told in a toast. After a
 * change the list is read again, and the shopper pages' cached answers are dropped.
 */
export function useAdminCategories() {
  const list = useSessionQuery(ADMIN_CATEGORY_LIST, {}, { remember: true });
  const { mutate: create } = useSessionMutation(CREATE_CATEGORY);
  const { mutate: update } = useSessionMutation(UPDATE_CATEGORY);
  const { mutate: remove } = useSessionMutation(DELETE_CATEGORY);
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
        // Every cached answer is dropped; the lists on screen (this one, the product form's, the
        // dashboard's) ask again.
        invalidateQueries();
        return true;
      } catch (error) {
        toastFailure(error, fallback);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [],
  );

  return {
    categories: list.data?.adminCategories,
    error: list.error,
    loading: list.loading,
    reload: list.refetch,
    busy,
    create: (input: CategoryInput & { name: string }) => run(async () => (await create({ input })).createCategory, 'Failed to create the category'),
    update: (id: string, input: CategoryChange) => run(async () => (await update({ id, input })).updateCategory, 'Failed to update the category'),
    remove: async (id: string, name: string) =>
      (await dialogs.confirm(`Delete ${name}? This cannot be undone.`, { confirmLabel: 'Delete', danger: true })) &&
      run(async () => (await remove({ id })).deleteCategory, 'Failed to delete the category'),
  };
}
