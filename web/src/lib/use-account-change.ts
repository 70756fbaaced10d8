import { toast } from './toast';
import { payloadMessage } from './api-errors';
import type { GraphQLDocument, VariablesArgument } from './graphql-document';
import type { SessionUser } from './session-user';
import { useSession } from './session';
import { TOAST_MS } from './toast-durations';
import { toastFailure } from './toast-failure';
import { useSessionMutation } from './use-session-graphql';

/** What an account mutation answers: on success the whole account, so the session stays whole. */
export interface AccountChangePayload {
  success: boolean;
  message?: string | null;
  user?: SessionUser | null;
}

export interface AccountChangeTexts {
  /** The success toast. */
  done: string;
  /** The error toast when the server gives no message of its own. */
  failed: string;
}

const toastOptions = { autoClose: TOAST_MS.short };

/**
 * One change to the shopper's account as a form makes it (add a phone, add an address):
 * `save` runs the mutation, hands the account it answers to the session and toasts the outcome;
 * it resolves to the updated account, or undefined when the change failed (the shopper was told).
 * `refuse` toasts a mistake the form found itself, in the same way.
 */
export function useAccountChange<TData, TVariables>(
  document: GraphQLDocument<TData, TVariables>,
  payloadOf: (data: TData) => AccountChangePayload,
  texts: AccountChangeTexts,
) {
  const { updateUser } = useSession();
  const { mutate, loading } = useSessionMutation(document);

  async function save(variables: TVariables): Promise<SessionUser | undefined> {
    try {
      const payload = payloadOf(await mutate(...([variables] as VariablesArgument<TVariables>)));
      if (!payload.success || !payload.user) {
        toast.error(payloadMessage(payload, texts.failed), toastOptions);
        return undefined;
      }
      updateUser(payload.user);
      toast.success(texts.done, toastOptions);
      return payload.user;
    } catch (error) {
      toastFailure(error, texts.failed, toastOptions);
      return undefined;
    }
  }

  const refuse = (message: string) => toast.error(message, toastOptions);

  return { save, refuse, loading };
}
